import { useState } from 'react';
import type { UserType } from '../../../../contracts/posts/kinds.ts';
import { AudienceFields, USER_TYPE_LABELS } from '../composer/AudienceFields.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { Readout, Showcase, Specimen } from './Showcase.tsx';
import '../composer/composer.css';

/** `/development/multiselect`: the composer's choice of audience, several at a time, with what it holds. */
export function MultiselectPage() {
  const user = useCurrentUser();
  const [userTypes, setUserTypes] = useState<UserType[]>([]);
  const [communities, setCommunities] = useState<number[]>([]);
  const names = new Map(user?.communities.map((community) => [community.id, community.name]));
  return (
    <Showcase title="Multiselect" blurb="Several choices at once, each a button that stays pressed: the way a post picks who it is for.">
      <Specimen title="Who a post is for" note="No user type chosen means everyone. The communities are the ones you may post into.">
        {user && (
          <AudienceFields user={user} userTypes={userTypes} communities={communities} onUserTypes={setUserTypes} onCommunities={setCommunities} errors={{}} />
        )}
        <Readout label="User types">{userTypes.length === 0 ? 'none' : userTypes.map((type) => USER_TYPE_LABELS[type]).join(', ')}</Readout>
        <Readout label="Communities">{communities.length === 0 ? 'none' : communities.map((id) => names.get(id) ?? `#${id}`).join(', ')}</Readout>
      </Specimen>
    </Showcase>
  );
}
