import { useState } from 'react';
import type { NewsroomView } from '../../../../contracts/newsrooms/api.ts';
import { api } from '../../lib/api/index.ts';
import { Button, Spinner } from '../../ui/index.ts';
import { NewsroomFormModal } from '../newsrooms/NewsroomFormModal.tsx';
import { useOurNewsrooms } from '../newsrooms/queries.ts';
import { isAdmin, useCurrentUser } from '../session/currentUser.ts';
import { Readout, Showcase, Specimen } from './Showcase.tsx';
import '../newsrooms/newsrooms.css';

/** `/development/newsroom`: the create-newsroom and edit-newsroom modals of spec section 2, against this server. */
export function NewsroomPage() {
  const user = useCurrentUser();
  const allowed = user !== null && (isAdmin(user) || user.modules.includes('ROLE_MODULE_ONLINE_NEWSROOM'));
  const list = useOurNewsrooms(allowed);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<NewsroomView | null>(null);
  const [created, setCreated] = useState<NewsroomView | null>(null);

  const edit = async (id: number) => setEditing(await api.get<NewsroomView>(`/api/v1/newsrooms/${id}`));

  return (
    <Showcase title="Newsroom" blurb="The modals that create a newsroom and edit one: the same form, with the server's lines under its fields.">
      <Specimen title="Create newsroom" note={allowed ? 'The newsroom is really created, for one of the companies you answer for.' : 'Your account has no online newsroom module: the server will refuse.'}>
        <div>
          <Button onClick={() => setCreating(true)}>Create newsroom</Button>
        </div>
        {created && <Readout label="Created">{`${created.name} at /newsrooms/${created.slug}`}</Readout>}
      </Specimen>
      <Specimen title="Edit newsroom" note="Your account's newsrooms, each opened in the edit modal.">
        {!allowed && <p className="dev-specimen__note">None: your account has no online newsroom module.</p>}
        {allowed && list.isPending && <Spinner label="Loading your newsrooms" />}
        {allowed && list.isSuccess && list.data.data.length === 0 && <p className="dev-specimen__note">No newsroom yet: create one above.</p>}
        {list.isSuccess && list.data.data.length > 0 && (
          <ul className="dev-list" aria-label="Our newsrooms">
            {list.data.data.map((newsroom) => (
              <li key={newsroom.id} className="dev-list__item">
                <span>{newsroom.name}</span>
                <Button variant="secondary" size="sm" aria-label={`Edit ${newsroom.name}`} onClick={() => void edit(newsroom.id)}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Specimen>
      <NewsroomFormModal open={creating} onClose={() => setCreating(false)} newsroom={null} onCreated={setCreated} />
      <NewsroomFormModal open={editing !== null} onClose={() => setEditing(null)} newsroom={editing} />
    </Showcase>
  );
}
