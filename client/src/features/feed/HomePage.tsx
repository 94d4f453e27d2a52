import { CreatePostButton } from '../composer/CreatePostButton.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { PostList } from './PostList.tsx';
import './feed.css';

/** Home: start a post, then the feed. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <div className="home-feed">
      <h1 className="visually-hidden">Home</h1>
      {user && !user.isReadOnly && <CreatePostButton />}
      <PostList />
    </div>
  );
}
