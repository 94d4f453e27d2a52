import { useState } from 'react';
import type { NewsroomSummary, NewsroomView } from '../../../../contracts/newsrooms/api.ts';
import { api } from '../../lib/api/index.ts';
import { Button, EmptyState, Modal, Spinner } from '../../ui/index.ts';
import { AnnouncementEditorModal } from '../announcements/AnnouncementEditorModal.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { NewsroomFormModal } from './NewsroomFormModal.tsx';
import { NewsroomCard } from './parts.tsx';
import { useNewsroomsLive, useOurNewsrooms } from './queries.ts';
import './newsrooms.css';

/** `newsrooms/our` (Our newsrooms): the account's newsrooms, created and edited in their modals, live on `newsroom:changed`. */
export function OurNewsroomsPage() {
  const user = useCurrentUser();
  const list = useOurNewsrooms();
  useNewsroomsLive();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<NewsroomView | null>(null);
  const [created, setCreated] = useState<NewsroomView | null>(null);
  const [announcingIn, setAnnouncingIn] = useState<number | null>(null);
  const canWrite = user !== null && !user.isReadOnly;

  const edit = async (newsroom: NewsroomSummary) => setEditing(await api.get<NewsroomView>(`/api/v1/newsrooms/${newsroom.id}`));

  let body;
  if (list.isPending) body = <Spinner label="Loading your newsrooms" />;
  else if (list.isError)
    body = <EmptyState title="Your newsrooms could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void list.refetch()}>Try again</Button>} />;
  else if (list.data.data.length === 0)
    body = (
      <EmptyState
        title="No newsroom yet"
        description="A newsroom is your company’s public press room: your logo and colours, your boilerplate, and every announcement you publish."
        action={canWrite ? <Button onClick={() => setCreating(true)}>Create newsroom</Button> : undefined}
      />
    );
  else
    body = (
      <ul className="newsroom-list" aria-label="Our newsrooms">
        {list.data.data.map((newsroom) => (
          <NewsroomCard key={newsroom.id} newsroom={newsroom} onEdit={canWrite ? () => void edit(newsroom) : undefined} onAnnounce={canWrite ? () => setAnnouncingIn(newsroom.id) : undefined} />
        ))}
      </ul>
    );

  return (
    <div className="newsrooms">
      <header className="newsrooms__header">
        <div>
          <h1 className="newsrooms__title">Our newsrooms</h1>
          <p className="newsrooms__blurb">Your company’s public press rooms, where your announcements are published.</p>
        </div>
        {canWrite && <Button onClick={() => setCreating(true)}>Create newsroom</Button>}
      </header>
      {body}
      {canWrite && (
        <>
          <NewsroomFormModal open={creating} onClose={() => setCreating(false)} newsroom={null} onCreated={setCreated} />
          <NewsroomFormModal open={editing !== null} onClose={() => setEditing(null)} newsroom={editing} />
          <Modal
            open={created !== null}
            onClose={() => setCreated(null)}
            title="Your newsroom is ready"
            size="sm"
            footer={
              <>
                <Button variant="secondary" onClick={() => setCreated(null)}>
                  Not now
                </Button>
                <Button
                  onClick={() => {
                    setAnnouncingIn(created!.id);
                    setCreated(null);
                  }}
                >
                  Create an announcement
                </Button>
              </>
            }
          >
            <p>{created?.name} is created. Write its first announcement now?</p>
          </Modal>
          <AnnouncementEditorModal open={announcingIn !== null} onClose={() => setAnnouncingIn(null)} announcement={null} newsroomId={announcingIn} />
        </>
      )}
    </div>
  );
}
