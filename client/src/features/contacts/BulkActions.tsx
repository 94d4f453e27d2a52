import { useState, type FormEvent } from 'react';
import type { DirectoryFilter, DirectoryRow } from '../../../../contracts/contacts/api.ts';
import { ApiError } from '../../lib/api/index.ts';
import { Button, Input, Modal, Select, showToast } from '../../ui/index.ts';
import { countOf, downloadExport } from './parts.tsx';
import { membersOf, useListChanges, useLists, useTagContacts, type ListMembers } from './queries.ts';

const NEW_LIST = 'new';

/** Puts the chosen people on a list the account has, or on a new one named here. */
export function AddToListModal({ open, members, count, onClose, onDone }: { open: boolean; members: ListMembers; count: number; onClose: () => void; onDone: () => void }) {
  const lists = useLists();
  const changes = useListChanges();
  const [choice, setChoice] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const picked = choice || (lists.data?.[0] ? String(lists.data[0].id) : NEW_LIST);
  const busy = changes.create.isPending || changes.add.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      const list = picked === NEW_LIST ? await changes.create.mutateAsync({ name, description: '' }) : lists.data!.find((candidate) => String(candidate.id) === picked)!;
      await changes.add.mutateAsync({ id: list.id, members });
      showToast({ type: 'success', lines: [`${count === 1 ? 'Added' : `${countOf(count, 'person', 'people')} added`} to ${list.name}`] });
      setName('');
      onDone();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors.length ? error.errors : [error.message]);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Add to list" size="sm">
      <form className="contacts-form" onSubmit={(event) => void submit(event)}>
        {count > 1 && <p className="contacts-form__lead">{countOf(count, 'person', 'people')} selected.</p>}
        <Select label="List" value={picked} onChange={(event) => setChoice(event.target.value)}>
          {lists.data?.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name} ({countOf(list.count, 'contact')})
            </option>
          ))}
          <option value={NEW_LIST}>A new list…</option>
        </Select>
        {picked === NEW_LIST && <Input label="Name of the new list" value={name} placeholder="" required onChange={(event) => setName(event.target.value)} error={errors[0]} />}
        {picked !== NEW_LIST && errors.length > 0 && (
          <p className="contacts-form__error" role="alert">
            {errors.join(' ')}
          </p>
        )}
        <div className="contacts-form__buttons">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Add to list
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function TagModal({ open, members, count, onClose, onDone }: { open: boolean; members: ListMembers; count: number; onClose: () => void; onDone: () => void }) {
  const tagContacts = useTagContacts();
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = tag.trim();
    if (!clean) return setError('Write a tag');
    setError(undefined);
    try {
      const tagged = await tagContacts.mutateAsync({ members, tag: clean });
      showToast({ type: 'success', lines: [`Tagged ${countOf(tagged.count, 'person', 'people')} “${clean}”`] });
      setTag('');
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.errors.join(' ') || failure.message);
    }
  };
  return (
    <Modal open={open} onClose={onClose} title="Tag contacts" size="sm">
      <form className="contacts-form" onSubmit={(event) => void submit(event)}>
        <p className="contacts-form__lead">The tag is added to each of the {countOf(count, 'person', 'people')} selected; their other tags stay.</p>
        <Input label="Tag" value={tag} placeholder="" maxLength={50} onChange={(event) => setTag(event.target.value)} error={error} />
        <div className="contacts-form__buttons">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={tagContacts.isPending}>
            Add tag
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The table's selection: rows picked one by one, or everyone its filters match (however few rows it has read). */
export type TableSelection = { rows: readonly DirectoryRow[] } | { filter: DirectoryFilter; count: number };

/** What one can do with the selected rows: a bar that appears while something is selected. */
export function BulkActions({ selection, onClear }: { selection: TableSelection; onClear: () => void }) {
  const [open, setOpen] = useState<'list' | 'tag' | null>(null);
  const [exporting, setExporting] = useState(false);
  const everyone = 'filter' in selection;
  const count = everyone ? selection.count : selection.rows.length;
  const members: ListMembers = everyone ? { filter: selection.filter } : membersOf(selection.rows);
  // A platform journalist the account keeps no record of has nothing of the account's to export.
  const records = everyone ? [] : selection.rows.flatMap((row) => (row.id !== null ? [row.id] : []));
  const partly = everyone || records.length < count;
  const exportSelected = async () => {
    setExporting(true);
    try {
      await downloadExport(everyone ? { filter: selection.filter } : { ids: records });
    } catch {
      // The API client has said what went wrong.
    } finally {
      setExporting(false);
    }
  };
  if (count === 0 && open === null) return null;
  const done = () => {
    setOpen(null);
    onClear();
  };
  return (
    <>
      {count > 0 && (
        <div className="contacts-bulk" role="region" aria-label="Selected contacts">
          <p className="contacts-bulk__count" aria-live="polite">
            {everyone ? `All ${count.toLocaleString('en')} selected` : countOf(count, 'selected', 'selected')}
          </p>
          <Button size="sm" onClick={() => setOpen('list')}>
            Add to list
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setOpen('tag')}>
            Tag
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={exporting}
            disabled={!everyone && records.length === 0}
            title={partly ? 'People on Pressroom without a record in your account are left out' : undefined}
            onClick={() => void exportSelected()}
          >
            Export CSV
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
        </div>
      )}
      <AddToListModal open={open === 'list'} members={members} count={count} onClose={() => setOpen(null)} onDone={done} />
      <TagModal open={open === 'tag'} members={members} count={count} onClose={() => setOpen(null)} onDone={done} />
    </>
  );
}
