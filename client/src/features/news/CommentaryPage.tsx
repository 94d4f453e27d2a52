import { PageHeader } from '../../ui/index.ts';
import { PostList } from '../feed/PostList.tsx';
import './news.css';

const COMMENTARY = ['statement', 'reaction'] as const;

/** /commentary: what experts and spokespeople say on the record about the news, their statements and reactions, live. */
export function CommentaryPage() {
  return (
    <div className="news">
      <PageHeader title="Commentary" blurb="Statements and reactions: experts and spokespeople on the record about the news." />
      <PostList type={COMMENTARY} />
    </div>
  );
}
