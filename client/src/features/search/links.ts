import type { SearchHit } from '../../../../contracts/search/index.ts';

/** Where a result opens: a profile, a company's or outlet's page, a community, a story's, an interview's or an announcement's page; posts open in their modal (SearchResults). */
export function hitPath(hit: SearchHit): string | null {
  switch (hit.kind) {
    case 'people':
      return `/u/${encodeURIComponent(hit.slug ?? '')}`;
    case 'companies':
      return `/c/${encodeURIComponent(hit.slug ?? '')}`;
    case 'outlets':
      return `/o/${encodeURIComponent(hit.slug ?? '')}`;
    case 'communities':
      return `/community/${encodeURIComponent(hit.slug ?? '')}`;
    case 'stories':
      return `/stories/${hit.id}`;
    case 'interviews':
      return `/interviews/${hit.id}`;
    case 'announcements':
      return `/announcements/${hit.id}`;
    case 'posts':
      return null;
  }
}
