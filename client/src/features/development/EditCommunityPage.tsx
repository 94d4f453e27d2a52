import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { communityList, CommunityView } from '../../../../contracts/communities/api.ts';
import { api } from '../../lib/api/index.ts';
import { Button, Spinner } from '../../ui/index.ts';
import { communityKeys } from '../communities/queries.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { EditCommunityModal } from './EditCommunityModal.tsx';
import { Readout, Showcase, Specimen } from './Showcase.tsx';

type CommunityList = z.infer<typeof communityList>;

const manageableKey = ['development', 'communities'] as const;

/** `/development/edit-community`: the communities you manage, each opened in the edit form. */
export function EditCommunityPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CommunityView | null>(null);
  const [saved, setSaved] = useState<CommunityView | null>(null);
  const list = useQuery({
    queryKey: manageableKey,
    queryFn: ({ signal }) => api.get<CommunityList>('/api/v1/communities', { query: { sort: 'name', limit: 100 }, signal }),
    select: (answer) => answer.data.filter((community) => community.canManage),
  });

  const afterSave = (community: CommunityView) => {
    setEditing(null);
    setSaved(community);
    void queryClient.invalidateQueries({ queryKey: manageableKey });
    void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    // The left navbar names the joined communities.
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };

  return (
    <Showcase title="Edit community" blurb="A community's admins (and platform admins) change its name, address, description, country, images and who may join.">
      <Specimen title="Communities you manage">
        {list.isPending && <Spinner label="Loading communities" />}
        {list.isError && <p className="dev-specimen__note">The communities could not be loaded.</p>}
        {list.isSuccess && list.data.length === 0 && <p className="dev-specimen__note">You manage no community.</p>}
        {list.isSuccess && list.data.length > 0 && (
          <ul className="dev-list" aria-label="Communities you manage">
            {list.data.map((community) => (
              <li key={community.id} className="dev-list__item">
                <span>
                  {community.name} <span className="dev-specimen__note">/community/{community.slug}</span>
                </span>
                <Button variant="secondary" size="sm" aria-label={`Edit ${community.name}`} onClick={() => setEditing(community)}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
        {saved && <Readout label="Saved">{`${saved.name} at /community/${saved.slug}, ${saved.type}`}</Readout>}
      </Specimen>
      <EditCommunityModal community={editing} onClose={() => setEditing(null)} onSaved={afterSave} />
    </Showcase>
  );
}
