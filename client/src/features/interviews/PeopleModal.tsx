import { useId, useState, type FormEvent } from 'react';
import type { UserSearchResult } from '../../../../contracts/users/search.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { Button, Modal, showToast } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';
import { usePeopleSearch } from '../comments/peopleSearch.ts';
import { Avatar } from '../composer/Avatar.tsx';
import { usePeopleAction } from './queries.ts';

type Person = UserSearchResult['data'][number];
export type PeopleMode = 'invitations' | 'shares';

const WORDING: Record<PeopleMode, { title: string; intro: string; submit: string; done: (names: string) => string }> = {
  invitations: {
    title: 'Invite people',
    intro: 'They find the interview under Awaiting answers until they send their answers.',
    submit: 'Invite',
    done: (names) => `Invited ${names}`,
  },
  shares: {
    title: 'Share with colleagues',
    intro: 'Colleagues of your account read the answers with you and can save their media.',
    submit: 'Share',
    done: (names) => `Shared with ${names}`,
  },
};

/** The server names people by id ("Person 12 is not a colleague of your account"): here they have their names. */
export function namedLines(lines: readonly string[], people: readonly Pick<Person, 'id' | 'name'>[]): string[] {
  return lines.map((line) => line.replace(/\bPerson (\d+)\b/g, (whole, id: string) => people.find((person) => person.id === Number(id))?.name ?? whole));
}

/** Choose people by name (the messages' people search), then invite them to answer or share the interview with them. */
export function PeopleModal({ interviewId, mode, onClose, selfId }: { interviewId: number; mode: PeopleMode | null; onClose: () => void; selfId: number }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Person[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const found = usePeopleSearch(search).filter((person) => person.type === 'person' && person.id !== selfId && !chosen.some((c) => c.id === person.id));
  const action = usePeopleAction(interviewId);
  const searchId = useId();
  const resultsId = useId();
  const wording = WORDING[mode ?? 'invitations'];

  const close = () => {
    setSearch('');
    setChosen([]);
    setProblems([]);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mode || chosen.length === 0) return;
    setProblems([]);
    try {
      await action.mutateAsync({ to: mode, userIds: chosen.map((person) => person.id) });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setProblems(namedLines(linesOf(error), chosen));
      return;
    }
    showToast({ type: 'success', lines: [wording.done(chosen.map((person) => person.name).join(', '))] });
    close();
  };

  return (
    <Modal open={mode !== null} onClose={close} title={wording.title} size="md">
      <form className="people-picker" onSubmit={(event) => void submit(event)}>
        <p className="people-picker__intro">{wording.intro}</p>
        {chosen.length > 0 && (
          <ul className="people-picker__chosen" aria-label="Chosen">
            {chosen.map((person) => (
              <li key={person.id}>
                <span>{person.name}</span>
                <button type="button" className="people-picker__remove" aria-label={`Remove ${person.name}`} onClick={() => setChosen(chosen.filter((c) => c.id !== person.id))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <label htmlFor={searchId} className="field__label">
          People
        </label>
        <input id={searchId} type="search" className="field__input" placeholder="Search people by name" value={search} onChange={(event) => setSearch(event.target.value)} aria-controls={resultsId} autoComplete="off" data-autofocus />
        <ul id={resultsId} className="people-picker__results" aria-label="People found">
          {found.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                className="people-picker__person"
                onClick={() => {
                  setChosen([...chosen, person]);
                  setSearch('');
                }}
              >
                <Avatar name={person.name} src={person.avatar} size="sm" />
                <span>
                  {person.name}
                  {person.jobTitle && <span className="people-picker__job"> · {person.jobTitle}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {problems.length > 0 && (
          <div role="alert">
            {problems.map((line) => (
              <p key={line} className="field__error">
                <ErrorIcon width="16" height="16" />
                <span>{line}</span>
              </p>
            ))}
          </div>
        )}
        <div className="people-picker__actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={action.isPending} disabled={chosen.length === 0}>
            {wording.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
