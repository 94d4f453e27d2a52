import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import type { DirectoryRow, ListView } from '../../../../contracts/contacts/api.ts';
import { ApiError } from '../../lib/api/index.ts';
import { Button, confirmDialog, EmptyState, Input, Modal, PageHeader, showToast, Spinner } from '../../ui/index.ts';
import { useRouteMeta } from '../layout/useRouteMeta.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { ContactName, ContactsTabs, countOf, DoNotContactTag, downloadExport } from './parts.tsx';
import { membersOf, useContactsLive, useDirectory, useListChanges, useListMembers, useLists } from './queries.ts';
import { listSearch } from './search.ts';

/** Moves one item a step up or down; the list's new order is what the server is sent. */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function ListForm({ list, onDone, onCancel }: { list: ListView | null; onDone: (list: ListView) => void; onCancel: () => void }) {
  const changes = useListChanges();
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const saving = changes.create.isPending || changes.rename.isPending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      const saved = list ? await changes.rename.mutateAsync({ id: list.id, name, description }) : await changes.create.mutateAsync({ name, description });
      showToast({ type: 'success', lines: [list ? 'List saved' : `${saved.name} created`] });
      onDone(saved);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors.length ? error.errors : [error.detail ?? error.message]);
    }
  };
  const nameError = errors.filter((line) => line.startsWith('name: ')).map((line) => line.slice(6));
  const descriptionError = errors.filter((line) => line.startsWith('description: ')).map((line) => line.slice(13));
  const other = errors.filter((line) => !line.startsWith('name: ') && !line.startsWith('description: '));
  return (
    <form className="contacts-form" onSubmit={(event) => void submit(event)} noValidate>
      <Input label="Name" required value={name} placeholder="Tech journalists in Australia" error={nameError.join(' ') || undefined} onChange={(event) => setName(event.target.value)} />
      <div className={`field${descriptionError.length ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="list-description">
          Description
        </label>
        <textarea id="list-description" className="field__input list-form__description" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
        {descriptionError.length > 0 && <p className="field__error">{descriptionError.join(' ')}</p>}
      </div>
      {other.length > 0 && (
        <p className="contacts-form__error" role="alert">
          {other.join(' ')}
        </p>
      )}
      <div className="contacts-form__buttons">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {list ? 'Save list' : 'Create list'}
        </Button>
      </div>
    </form>
  );
}

/** Finds people by name and puts them on the list. */
function AddPeople({ list }: { list: ListView }) {
  const [query, setQuery] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), 300);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useDirectory({ q: settled }, settled !== '');
  const changes = useListChanges();
  const rows = settled ? (found.data?.pages[0]?.data.slice(0, 8) ?? []) : [];
  const add = (row: DirectoryRow) =>
    changes.add.mutate({ id: list.id, members: membersOf([row]) }, { onSuccess: () => showToast({ type: 'success', lines: [`${row.name} added to ${list.name}`] }) });
  return (
    <div className="list-add">
      <Input label="Add people by name" type="search" value={query} placeholder="Start typing a name" onChange={(event) => setQuery(event.target.value)} />
      {settled && found.isFetching && <Spinner size="sm" label="Searching" />}
      {rows.length > 0 && (
        <ul className="list-add__results" aria-label="People found">
          {rows.map((row) => (
            <li key={row.id ?? `u${row.userId}`}>
              <ContactName row={row} />
              <span className="contact-table__sub">{row.outlets[0]}</span>
              <Button size="sm" variant="secondary" onClick={() => add(row)}>
                Add<span className="visually-hidden"> {row.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {settled && !found.isFetching && rows.length === 0 && <p className="contact-card__empty">Nobody by that name.</p>}
    </div>
  );
}

function ListDetail({ list, canWrite, onDeleted }: { list: ListView; canWrite: boolean; onDeleted: () => void }) {
  const members = useListMembers(list.id);
  const changes = useListChanges();
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const rows = members.data?.data ?? [];

  const reorder = (index: number, step: -1 | 1) => {
    const order = moved(rows, index, step);
    changes.reorder.mutate({ id: list.id, contactIds: order.map((row) => row.id!) });
  };
  const remove = async () => {
    const sure = await confirmDialog({ title: `Delete ${list.name}?`, message: 'The list goes; the contacts on it stay in your account.', applyLabel: 'Delete list', danger: true });
    if (!sure) return;
    await changes.remove.mutateAsync(list.id);
    showToast({ type: 'success', lines: [`${list.name} deleted`] });
    onDeleted();
  };
  const exportList = async () => {
    setExporting(true);
    try {
      await downloadExport({ list });
    } catch {
      // The API client has said what went wrong.
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="list-detail" aria-labelledby="list-name">
      <header className="list-detail__header">
        <div>
          <h2 id="list-name" className="list-detail__name">
            {list.name}
          </h2>
          <p className="list-detail__description">{list.description || 'No description.'}</p>
          <p className="contact-hero__meta">{countOf(list.count, 'contact')}</p>
        </div>
        <div className="list-detail__actions">
          <Button size="sm" variant="secondary" loading={exporting} onClick={() => void exportList()}>
            Export CSV
          </Button>
          {canWrite && (
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                Rename
              </Button>
              <Button size="sm" variant="danger" onClick={() => void remove()}>
                Delete list
              </Button>
            </>
          )}
        </div>
      </header>
      {canWrite && <AddPeople list={list} />}
      {members.isPending ? (
        <Spinner label="Loading the list" />
      ) : rows.length === 0 ? (
        <EmptyState title="Nobody on this list yet" description="Add people by name above, or select them in the contacts table and choose Add to list." />
      ) : (
        <ol className="list-members" aria-label={`People on ${list.name}`}>
          {rows.map((row, index) => (
            <li key={row.id ?? index} className="list-members__item">
              <span className="list-members__place" aria-hidden="true">
                {index + 1}
              </span>
              <div className="list-members__who">
                <ContactName row={row} />
                <span className="contact-table__sub">
                  {[row.jobTitle, row.outlets[0]].filter(Boolean).join(' · ')}
                  {row.doNotContact && <DoNotContactTag />}
                </span>
              </div>
              {canWrite && (
                <div className="list-members__actions">
                  <Button size="sm" variant="ghost" disabled={index === 0 || changes.reorder.isPending} onClick={() => reorder(index, -1)} aria-label={`Move ${row.name} up`}>
                    ↑
                  </Button>
                  <Button size="sm" variant="ghost" disabled={index === rows.length - 1 || changes.reorder.isPending} onClick={() => reorder(index, 1)} aria-label={`Move ${row.name} down`}>
                    ↓
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => changes.takeOff.mutate({ id: list.id, contactIds: [row.id!] })}>
                    Remove<span className="visually-hidden"> {row.name}</span>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <Modal open={editing} onClose={() => setEditing(false)} title={`Rename ${list.name}`} size="sm">
        <ListForm list={list} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Modal>
    </section>
  );
}

/**
 * `lists` (/contacts/lists) and `workLists` (/work_lists): the account's named lists, shared with
 * its colleagues; one open at a time (in the address), its people in the list's own order.
 */
export function ListsPage() {
  useContactsLive();
  const meta = useRouteMeta();
  const work = meta?.name === 'workLists';
  const path = work ? '/work_lists' : '/contacts/lists';
  const { list: openId } = listSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const lists = useLists();
  const user = useCurrentUser();
  const canWrite = user ? !user.isReadOnly : false;
  const [creating, setCreating] = useState(false);
  const open = (id: number | undefined) => void navigate({ to: path, search: id === undefined ? {} : { list: id }, replace: true });
  const all = lists.data ?? [];
  const current = all.find((list) => list.id === openId) ?? all[0];

  return (
    <div className="contacts">
      <PageHeader
        title={work ? 'Work lists' : 'Contact lists'}
        blurb={work ? 'The lists you work from: who to pitch, in what order.' : 'Named lists of contacts, shared with everyone in your account.'}
        actions={canWrite && <Button onClick={() => setCreating(true)}>New list</Button>}
      />
      {!work && <ContactsTabs />}
      {lists.isPending ? (
        <Spinner label="Loading lists" />
      ) : lists.isError ? (
        <EmptyState title="The lists could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void lists.refetch()}>Try again</Button>} />
      ) : all.length === 0 ? (
        <EmptyState
          title="No lists yet"
          description="A list gathers the people you pitch for one story or launch."
          action={canWrite ? <Button onClick={() => setCreating(true)}>Create a list</Button> : undefined}
        />
      ) : (
        <div className="lists-layout">
          <nav className="lists-nav" aria-label="Lists">
            <ul>
              {all.map((list) => (
                <li key={list.id}>
                  <Link
                    to={path}
                    search={{ list: list.id }}
                    replace
                    className={`lists-nav__item${list.id === current?.id ? ' lists-nav__item--on' : ''}`}
                    aria-current={list.id === current?.id ? 'page' : undefined}
                  >
                    <span className="lists-nav__name">{list.name}</span>
                    <span className="lists-nav__count">{countOf(list.count, 'contact')}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {current && <ListDetail key={current.id} list={current} canWrite={canWrite} onDeleted={() => open(undefined)} />}
        </div>
      )}
      <Modal open={creating} onClose={() => setCreating(false)} title="New list" size="sm">
        <ListForm
          list={null}
          onCancel={() => setCreating(false)}
          onDone={(list) => {
            setCreating(false);
            open(list.id);
          }}
        />
      </Modal>
    </div>
  );
}
