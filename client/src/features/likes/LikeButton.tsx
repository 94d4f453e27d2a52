import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { compactNumber } from '../../lib/format/index.ts';
import { setOwnCommentLike, setOwnPostLike } from '../posts/cache.ts';
import { ThumbIcon } from '../posts/icons.tsx';
import { toggleLike, type Likable, type LikeTarget } from './api.ts';

type LikeButtonProps = {
  target: LikeTarget;
  /** The post a comment belongs to: its comments' cache holds the comment. */
  postId: number;
  likable: Likable;
  disabled?: boolean;
  size?: 'sm' | 'md';
};

/**
 * Likes or unlikes at once on screen (spec: the count moves by one, never below zero), then
 * takes the server's answer; on failure the previous state comes back.
 */
export function LikeButton({ target, postId, likable, disabled = false, size = 'md' }: LikeButtonProps) {
  const queryClient = useQueryClient();
  const latest = useRef(0);
  const set = (next: Likable) => (target.kind === 'post' ? setOwnPostLike(queryClient, postId, next) : setOwnCommentLike(queryClient, postId, target.id, next));

  const toggle = async () => {
    const before = likable;
    const status = !before.liked;
    const request = ++latest.current;
    set({ liked: status, likesCount: Math.max(0, before.likesCount + (status ? 1 : -1)) });
    try {
      const answer = await toggleLike(target, status);
      // A quicker second click already sent its own: only the last answer is the truth.
      if (request === latest.current) set(answer);
    } catch {
      if (request === latest.current) set(before);
    }
  };

  return (
    <button
      type="button"
      className={`like-button like-button--${size}${likable.liked ? ' like-button--liked' : ''}`}
      aria-pressed={likable.liked}
      disabled={disabled}
      onClick={() => void toggle()}
    >
      <ThumbIcon filled={likable.liked} width={size === 'sm' ? 16 : 18} height={size === 'sm' ? 16 : 18} />
      <span>Like</span>
      {size === 'sm' && likable.likesCount > 0 && <span className="like-button__count">{compactNumber(likable.likesCount)}</span>}
    </button>
  );
}
