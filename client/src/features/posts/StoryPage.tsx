import { useParams, useSearch } from '@tanstack/react-router';
import { ApiError } from '../../lib/api/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { FullPost } from './PostView.tsx';
import { usePost } from './usePost.ts';
import './modal.css';

/** /stories/{id}: a story on its own page; `?cid=` (from a comment notification) scrolls to that comment. */
export function StoryPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const search = useSearch({ strict: false }) as { cid?: unknown };
  const cid = /^\d+$/.test(String(search.cid ?? '')) ? Number(search.cid) : null;
  const story = usePost('story', Number(id));

  if (story.isPending) {
    return (
      <div className="post-modal__loading">
        <Spinner label="Loading the story" />
      </div>
    );
  }
  if (!story.data) {
    const missing = story.error instanceof ApiError && story.error.status === 404;
    return <EmptyState title={missing ? 'This story is not available' : 'The story could not be loaded'} description={missing ? 'It may have been deleted.' : 'Check your connection and try again.'} />;
  }
  return (
    <div className="story-page">
      <FullPost post={story.data} cid={cid} />
    </div>
  );
}
