import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { AuthorLink, RelativeTime } from '../posts/AuthorLine.tsx';
import { postKeys } from '../posts/queryKeys.ts';
import { fetchLikers, type LikeTarget } from './api.ts';

/** Who liked a post or a comment (GET .../likes), newest first. */
export function LikersDialog({ target, open, onClose }: { target: LikeTarget; open: boolean; onClose: () => void }) {
  const likers = useQuery({
    queryKey: postKeys.likers(target.kind, target.id),
    queryFn: ({ signal }) => fetchLikers(target, signal),
    enabled: open,
    staleTime: 0,
  });
  return (
    <Modal open={open} onClose={onClose} title="Reactions" size="sm">
      {likers.isPending ? (
        <div className="likers__loading">
          <Spinner label="Loading who liked this" />
        </div>
      ) : likers.data?.length ? (
        <ul className="likers">
          {likers.data.map((liker) => (
            <li key={liker.id} className="likers__item">
              <Avatar name={liker.name} src={liker.avatar} size="sm" />
              <AuthorLink author={liker}>
                <span className="likers__name">{liker.name}</span>
              </AuthorLink>
              <span className="likers__when">
                <RelativeTime value={liker.likedAt} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="likers__empty">No likes yet.</p>
      )}
    </Modal>
  );
}
