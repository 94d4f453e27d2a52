import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { NEWSROOMS_PAGE, type AdminNewsroom, type NewsroomView } from '../../../../contracts/newsrooms/api.ts';
import { api } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button, confirmDialog, EmptyState, Input, PageHeader, Select, showToast, Spinner } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { adminNewsroomsSearch, type AdminNewsroomsSearch } from './adminSearch.ts';
import { NewsroomFormModal } from './NewsroomFormModal.tsx';
import { NewsroomLogo, newsroomPageUrl } from './parts.tsx';
import { useAdminNewsrooms, useSetNewsroomPublic } from './queries.ts';
import './newsrooms.css';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Filters({ search, onChange }: { search: AdminNewsroomsSearch; onChange: (next: AdminNewsroomsSearch) => void }) {
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...search, q: text.trim() || undefined, page: undefined });
  };
  return (
    <form className="admin-newsrooms__filters" role="search" aria-label="Find newsrooms" onSubmit={submit}>
      <Input label="Newsroom or company" type="search" placeholder="A newsroom’s or its company’s name" value={text} onChange={(event) => setText(event.target.value)} />
      <Button type="submit" variant="secondary">
        Search
      </Button>
      <Select
        label="Show"
        value={search.visibility ?? ''}
        onChange={(event) => onChange({ ...search, visibility: (event.target.value || undefined) as AdminNewsroomsSearch['visibility'], page: undefined })}
      >
        <option value="">Public and hidden</option>
        <option value="public">Public only</option>
        <option value="hidden">Hidden only</option>
      </Select>
    </form>
  );
}

type RowProps = { newsroom: AdminNewsroom; timezone: string; busy: boolean; onEdit: () => void; onToggle: () => void };

function NewsroomRow({ newsroom, timezone, busy, onEdit, onToggle }: RowProps) {
  const { name, announcements } = newsroom;
  return (
    <tr>
      <th scope="row">
        <span className="admin-newsrooms__brand">
          <NewsroomLogo newsroom={newsroom} className="admin-newsrooms__logo" />
          <span>
            <span className="admin-newsrooms__name">{name}</span>
            <span className="admin-newsrooms__muted">/newsrooms/{newsroom.slug}</span>
          </span>
        </span>
      </th>
      <td data-label="Company">
        {newsroom.company.name || 'Unknown company'}
        <span className="admin-newsrooms__muted">Run by {newsroom.accountName}</span>
      </td>
      <td data-label="Visibility">
        <span className={`status-chip ${newsroom.isPublic ? 'status-chip--published' : 'status-chip--unpublished'}`}>{newsroom.isPublic ? 'Public' : 'Hidden'}</span>
      </td>
      <td data-label="Announcements">
        {announcements.published} published
        <span className="admin-newsrooms__muted">{announcements.drafts} not published</span>
      </td>
      <td data-label="Created">
        <time dateTime={newsroom.createdAt}>{formatDate(newsroom.createdAt, 'date', timezone)}</time>
      </td>
      <td className="admin-newsrooms__actions">
        <a className="button button--ghost button--sm" href={newsroomPageUrl(newsroom.slug)} aria-label={`Page of ${name}`}>
          Page
        </a>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button variant="secondary" size="sm" loading={busy} onClick={onToggle} aria-label={newsroom.isPublic ? `Hide ${name}` : `Make ${name} public`}>
          {newsroom.isPublic ? 'Hide' : 'Make public'}
        </Button>
      </td>
    </tr>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.ceil(total / NEWSROOMS_PAGE);
  if (pages <= 1) return null;
  return (
    <nav className="admin-newsrooms__pager" aria-label="Pages of newsrooms">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
        Next
      </Button>
    </nav>
  );
}

/**
 * `companies/newsrooms` (platform admins): every newsroom on the platform, found by its name or
 * its company's, hidden or made public and edited here. The server decides who may; this screen
 * is only reachable for admins.
 */
export function AdminNewsroomsPage() {
  const timezone = useCurrentUser()?.timezone || DEFAULT_TIMEZONE;
  const search = adminNewsroomsSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const setSearch = (next: AdminNewsroomsSearch) => void navigate({ to: '/companies/newsrooms', search: adminNewsroomsSearch(next), replace: true });
  const list = useAdminNewsrooms(search);
  const visibility = useSetNewsroomPublic();
  const [editing, setEditing] = useState<NewsroomView | null>(null);
  const page = search.page ?? 1;

  const edit = async (newsroom: AdminNewsroom) => {
    try {
      setEditing(await api.get<NewsroomView>(`/api/v1/newsrooms/${newsroom.id}`));
    } catch {
      // The API client has said what went wrong.
    }
  };

  const toggle = async (newsroom: AdminNewsroom) => {
    const hiding = newsroom.isPublic;
    if (
      hiding &&
      !(await confirmDialog({
        title: `Hide ${newsroom.name}?`,
        message: 'Its public page and feeds stop answering until it is made public again. Its own people still see and edit it.',
        applyLabel: 'Hide',
        danger: true,
      }))
    )
      return;
    try {
      const view = await visibility.mutateAsync({ id: newsroom.id, isPublic: !hiding });
      showToast({ type: 'success', lines: [view.isPublic ? `${view.name} is public` : `${view.name} is hidden`] });
    } catch {
      // The API client has said what went wrong.
    }
  };

  let body;
  if (list.isPending) body = <Spinner label="Loading newsrooms" />;
  else if (list.isError && !list.data)
    body = <EmptyState title="The newsrooms could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void list.refetch()}>Try again</Button>} />;
  else if (list.data.data.length === 0)
    body =
      search.q || search.visibility || search.page ? (
        <EmptyState title="No newsroom matches" description="Try another name, or show public and hidden newsrooms." action={<Button variant="secondary" onClick={() => setSearch({})}>Show every newsroom</Button>} />
      ) : (
        <EmptyState title="No newsroom yet" description="When a company makes its newsroom, it is listed here." />
      );
  else {
    const { data, total } = list.data;
    const first = (page - 1) * NEWSROOMS_PAGE + 1;
    body = (
      <>
        <p className="admin-newsrooms__count" aria-live="polite">
          {total > data.length ? `${first}–${first + data.length - 1} of ` : ''}
          {counted(total, 'newsroom', 'newsrooms')}
        </p>
        <div className="admin-newsrooms__table-wrap">
          <table className="admin-newsrooms__table">
            <caption className="visually-hidden">Newsrooms, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Newsroom</th>
                <th scope="col">Company</th>
                <th scope="col">Visibility</th>
                <th scope="col">Announcements</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((newsroom) => (
                <NewsroomRow
                  key={newsroom.id}
                  newsroom={newsroom}
                  timezone={timezone}
                  busy={visibility.isPending && visibility.variables.id === newsroom.id}
                  onEdit={() => void edit(newsroom)}
                  onToggle={() => void toggle(newsroom)}
                />
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} total={total} onPage={(next) => setSearch({ ...search, page: next })} />
      </>
    );
  }

  return (
    <div className="admin-newsrooms">
      <PageHeader title="Companies and newsrooms" blurb="Every newsroom on Pressroom, public and hidden: open its page, edit it, or hide it from the public." />
      <Filters search={search} onChange={setSearch} />
      <section aria-label="Newsrooms" aria-busy={list.isFetching}>
        {body}
      </section>
      <NewsroomFormModal open={editing !== null} onClose={() => setEditing(null)} newsroom={editing} />
    </div>
  );
}
