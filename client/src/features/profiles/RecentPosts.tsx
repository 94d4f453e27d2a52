import type { PostView } from '../../../../contracts/posts/views.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PostCard } from '../feed/PostCard.tsx';

type RecentPostsProps = { name: string; posts: readonly PostView[]; timezone: string; readOnly: boolean };

/** A profile's recent posts, newest first as given, as the feed shows them. */
export function RecentPosts({ name, posts, timezone, readOnly }: RecentPostsProps) {
  return (
    <section className="profile-card" aria-labelledby="recent-posts-title">
      <h2 id="recent-posts-title" className="profile-card__title">
        Recent posts
      </h2>
      {posts.length === 0 ? (
        <EmptyState title="No posts yet" description={`${name} has not published anything yet.`} />
      ) : (
        <ol className="recent-posts">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} timezone={timezone} readOnly={readOnly} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
