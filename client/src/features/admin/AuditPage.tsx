import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditPage as Page } from '../../../../contracts/admin/audit.ts';
import { api } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Input.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { RelativeTime } from '../posts/AuthorLine.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import './admin.css';

/** What the audit can show; by default the server's own: every delete and restore. */
const FILTERS = [
  { value: '', name: 'Deletes and restores' },
  { value: 'PostDeleted', name: 'Posts deleted' },
  { value: 'PostRestored', name: 'Posts restored' },
  { value: 'CommentDeleted', name: 'Comments deleted' },
] as const;

const ACT_LABELS: Record<string, string> = { PostDeleted: 'Deleted', PostRestored: 'Restored', CommentDeleted: 'Comment deleted' };

/** Admins: who deleted and restored what, and when, read from the log (GET /api/v1/admin/audit), newest first. */
export function AuditPage() {
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const [type, setType] = useState('');
  const audit = useInfiniteQuery({
    queryKey: ['admin', 'audit', type],
    queryFn: ({ pageParam, signal }) => api.get<Page>('/api/v1/admin/audit', { signal, query: { type: type || undefined, before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  const rows = audit.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="audit">
      <header className="audit__header">
        <div>
          <h1 className="audit__title">Audit</h1>
          <p className="audit__intro">Every delete and restore, who made it and when, as the event log recorded it.</p>
        </div>
        <Select
          label="Show"
          value={type}
          onChange={(event) => setType(event.target.value)}
        >
          {FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.name}
            </option>
          ))}
        </Select>
      </header>
      {audit.isPending ? (
        <div className="audit__loading">
          <Spinner label="Loading the audit" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState title="Nothing to show" description="No post or comment has been deleted or restored yet." />
      ) : (
        <div className="audit__table-wrap">
          <table className="audit__table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Who</th>
                <th scope="col">Stream</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.position}>
                  <td>
                    <span className="audit__when">{formatDate(row.recordedAt, 'dateTime', timezone)}</span>
                    <span className="audit__ago">
                      <RelativeTime value={row.recordedAt} timezone={timezone} />
                    </span>
                  </td>
                  <td>
                    <span className={`chip${row.type === 'PostRestored' ? '' : ' chip--danger'}`}>{ACT_LABELS[row.type] ?? row.type}</span> {row.summary}
                  </td>
                  <td>
                    {row.actor.name ?? 'Unknown'}
                    {row.actor.role && <span className="audit__role"> ({row.actor.role})</span>}
                  </td>
                  <td className="audit__stream">
                    {row.streamId} v{row.streamVersion}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.hasNextPage && (
        <Button variant="secondary" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()} className="audit__more">
          Load older
        </Button>
      )}
    </div>
  );
}
