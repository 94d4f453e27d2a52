import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SOURCE_LABELS } from '../../../../contracts/monitors/api.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button, EmptyState, PageHeader, Spinner } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { MonitorFormModal } from './MonitorFormModal.tsx';
import { useMentionsLive, useMonitors } from './queries.ts';
import './monitors.css';

/** /monitor: the account's saved monitors, each with its mentions so far; a new one from here. */
export function MonitorsPage() {
  const user = useCurrentUser();
  const monitors = useMonitors();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useMentionsLive(null);
  if (!user) return null;
  const timezone = user.timezone || DEFAULT_TIMEZONE;
  const canChange = !user.isReadOnly;
  const list = monitors.data ?? [];
  return (
    <div className="monitors">
      <PageHeader title="Monitor" blurb="Where your organisation and topics are mentioned, as it happens." actions={canChange && <Button onClick={() => setCreating(true)}>New monitor</Button>} />
      {monitors.isPending && <Spinner />}
      {monitors.isSuccess && list.length === 0 && <EmptyState title="No monitors yet" description="Save a monitor for your company's name and every mention arrives here as it is published." />}
      <ul className="monitors__list" aria-label="Monitors">
        {list.map((monitor) => (
          <li key={monitor.id} className="monitor-card">
            <Link to="/monitor/$id" params={{ id: String(monitor.id) }} className="monitor-card__name">
              {monitor.name}
            </Link>
            <code className="monitor-card__query">{monitor.query}</code>
            <p className="monitor-card__facts">
              {monitor.mentionsCount} {monitor.mentionsCount === 1 ? 'mention' : 'mentions'}
              {monitor.lastMentionAt && ` · last ${formatDate(monitor.lastMentionAt, 'dateTime', timezone)}`} · {monitor.sources.map((source) => SOURCE_LABELS[source]).join(', ')}
            </p>
          </li>
        ))}
      </ul>
      <MonitorFormModal
        open={creating}
        onClose={() => setCreating(false)}
        monitor={null}
        modules={user.modules}
        onSaved={(monitor) => void navigate({ to: '/monitor/$id', params: { id: String(monitor.id) } })}
      />
    </div>
  );
}
