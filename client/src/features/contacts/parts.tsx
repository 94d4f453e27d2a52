import { Link } from '@tanstack/react-router';
import type { DirectoryFilter, DirectoryRow } from '../../../../contracts/contacts/api.ts';
import { api } from '../../lib/api/index.ts';
import { showToast } from '../../ui/index.ts';
import { Avatar } from '../composer/Avatar.tsx';
import './contacts.css';

const TABS = [
  { to: '/contacts', label: 'Contacts' },
  { to: '/contacts/lists', label: 'Lists' },
  { to: '/contacts/duplicates', label: 'Duplicates' },
  { to: '/contacts/recommendations', label: 'Recommendations' },
  { to: '/contacts/callouts', label: 'Call-outs' },
  { to: '/contacts/jobs', label: 'Jobs' },
] as const;

/** The contacts area's own tabs: phones have no left nav, and duplicates has no nav item of its own. */
export function ContactsTabs() {
  return (
    <nav className="section-tabs" aria-label="Contacts area">
      {TABS.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className="section-tabs__tab"
          activeOptions={{ exact: true, includeSearch: false }}
          activeProps={{ className: 'section-tabs__tab section-tabs__tab--on', 'aria-current': 'page' }}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** A row's name: a contact opens its page; a platform journalist the account keeps no record of opens their profile. */
export function ContactName({ row }: { row: Pick<DirectoryRow, 'id' | 'slug' | 'name' | 'avatar'> }) {
  const inner = (
    <>
      <Avatar name={row.name} src={row.avatar} size="sm" />
      <span className="contact-name__text">{row.name}</span>
    </>
  );
  if (row.id !== null) {
    return (
      <Link to="/contacts/$id" params={{ id: String(row.id) }} className="contact-name">
        {inner}
      </Link>
    );
  }
  if (row.slug) {
    return (
      <Link to="/u/$slug" params={{ slug: row.slug }} className="contact-name">
        {inner}
      </Link>
    );
  }
  return <span className="contact-name">{inner}</span>;
}

export function DoNotContactTag() {
  return <span className="contact-tag contact-tag--stop">Do not contact</span>;
}

/**
 * Downloads the account's contacts, one list's, the chosen ones, or those the table's filters
 * match, as CSV. The API wants its XHR header, which a plain link cannot send, so the file is
 * fetched and handed over as a blob.
 */
export async function downloadExport(scope: { list?: { id: number; name: string } | undefined; ids?: readonly number[]; filter?: DirectoryFilter } = {}): Promise<void> {
  const { list, ids, filter } = scope;
  const csv = await api.get<string>('/api/v1/contacts/export', { query: { ...filter, list: list?.id ?? filter?.list, ids: ids?.join(',') } });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = list ? `${list.name.replace(/[^\w -]+/g, '').trim() || 'list'}.csv` : 'contacts.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  showToast({ type: 'success', lines: [list ? `${list.name} exported` : ids ? `${countOf(ids.length, 'contact')} exported` : 'Contacts exported'] });
}

/** "1 contact", "12 contacts". */
export const countOf = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
