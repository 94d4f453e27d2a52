import { Button, EmptyState, Spinner } from '../../ui/index.ts';
import { NewsroomCard } from './parts.tsx';
import { usePublicNewsrooms } from './queries.ts';
import './newsrooms.css';

/** `newsrooms` under News: every public newsroom. */
export function NewsroomsPage() {
  const list = usePublicNewsrooms();
  let body;
  if (list.isPending) body = <Spinner label="Loading newsrooms" />;
  else if (list.isError) body = <EmptyState title="The newsrooms could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void list.refetch()}>Try again</Button>} />;
  else if (list.data.data.length === 0) body = <EmptyState title="No public newsroom yet" description="When a company opens its newsroom to the public, it is listed here." />;
  else
    body = (
      <ul className="newsroom-list" aria-label="Newsrooms">
        {list.data.data.map((newsroom) => (
          <NewsroomCard key={newsroom.id} newsroom={newsroom} />
        ))}
      </ul>
    );
  return (
    <div className="newsrooms">
      <header className="newsrooms__header">
        <div>
          <h1 className="newsrooms__title">Newsrooms</h1>
          <p className="newsrooms__blurb">Companies’ press rooms on Pressroom: their announcements, press contacts and boilerplate.</p>
        </div>
      </header>
      {body}
    </div>
  );
}
