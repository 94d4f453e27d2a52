import { Link, useRouterState } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import type { PostKind } from '../../../../contracts/posts/kinds.ts';
import { postHref, usePostModal } from './openPost.ts';

type PostLinkProps = { kind: PostKind; id: number; cid?: number | null; className?: string; children: ReactNode; 'aria-label'?: string };

/**
 * A post's full-view link: a real address (open it in a new tab, copy it) that, clicked here,
 * opens the modal the same way as any other opening (spec section 2).
 */
export function PostLink({ kind, id, cid, className, children, ...rest }: PostLinkProps) {
  const location = useRouterState({ select: (state) => state.location });
  const { open } = usePostModal();
  const target = postHref(location.pathname, location.search as Record<string, unknown>, kind, id, cid);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(kind, id, { cid: cid ?? null });
  };
  return (
    <Link to={target.to as '/'} search={target.search as never} className={className} onClick={onClick} aria-label={rest['aria-label']}>
      {children}
    </Link>
  );
}
