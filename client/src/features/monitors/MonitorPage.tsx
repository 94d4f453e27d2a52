import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { SOURCE_LABELS, type CountsView, type MentionView } from '../../../../contracts/monitors/api.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button, confirmDialog, EmptyState, Input, PageHeader, Spinner } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { MonitorFormModal } from './MonitorFormModal.tsx';
import { downloadReport, useCounts, useDeleteMonitor, useMentions, useMentionsAfterReconnect, useMentionsLive, useMonitor } from './queries.ts';
import './monitors.css';

const dayIn = (timezone: string, offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offsetDays * 86_400_000));

/** Mentions per day as bars, each labelled for screen readers. */
function CountChart({ counts }: { counts: CountsView }) {
  const most = Math.max(1, ...counts.days.map((day) => day.count));
  const total = counts.days.reduce((sum, day) => sum + day.count, 0);
  return (
    <figure className="monitor-chart">
      <figcaption>
        {total} {total === 1 ? 'mention' : 'mentions'} from {counts.from} to {counts.to}
      </figcaption>
      <ol className="monitor-chart__bars" aria-label="Mentions per day">
        {counts.days.map((day) => (
          <li key={day.day} className="monitor-chart__day" title={`${day.day}: ${day.count}`}>
            <span className="monitor-chart__bar" style={{ height: `${(day.count / most) * 100}%` }} />
            <span className="visually-hidden">
              {day.day}: {day.count}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

function Mention({ mention, timezone }: { mention: MentionView; timezone: string }) {
  return (
    <li className="mention">
      <h3 className="mention__title">{mention.link ? <a href={mention.link}>{mention.title}</a> : mention.title}</h3>
      <p className="mention__facts">
        {SOURCE_LABELS[mention.source]}
        {mention.outlet && ` · ${mention.outlet}`}
        {mention.country && ` · ${mention.country}`} · {formatDate(mention.matchedAt, 'dateTime', timezone)}
      </p>
      {mention.summary && <p className="mention__summary">{mention.summary}</p>}
    </li>
  );
}

/** /monitor/{id}: a monitor's mentions as they arrive, their count per day, and its report of a range. */
export function MonitorPage() {
  const { id: param } = useParams({ strict: false }) as { id: string };
  const id = Number(param);
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const [range, setRange] = useState(() => ({ from: dayIn(timezone, -29), to: dayIn(timezone) }));
  const [editing, setEditing] = useState(false);
  const monitor = useMonitor(id);
  const mentions = useMentions(id);
  const counts = useCounts(id, range.from, range.to, timezone);
  const remove = useDeleteMonitor();
  const navigate = useNavigate();
  useMentionsLive(id);
  useMentionsAfterReconnect();
  if (!user) return null;
  if (monitor.isPending) return <Spinner />;
  if (!monitor.data) return <EmptyState title="No such monitor." />;
  const list = mentions.data?.pages.flatMap((page) => page.data) ?? [];
  const reports = user.modules.includes('ROLE_MODULE_REPORTS');
  const askDelete = async () => {
    if (await confirmDialog({ title: 'Delete this monitor?', message: `“${monitor.data.name}” and its mentions are removed for everyone in your account.`, applyLabel: 'Delete' })) {
      await remove.mutateAsync(id);
      await navigate({ to: '/monitor' });
    }
  };
  return (
    <div className="monitors">
      <PageHeader
        title={monitor.data.name}
        blurb={monitor.data.query}
        actions={
          !user.isReadOnly && (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="ghost" onClick={() => void askDelete()}>
                Delete
              </Button>
            </>
          )
        }
      />
      <section className="monitor-range" aria-label="Range">
        <Input label="From" type="date" placeholder="" value={range.from} onChange={(event) => setRange({ ...range, from: event.target.value })} />
        <Input label="To" type="date" placeholder="" value={range.to} onChange={(event) => setRange({ ...range, to: event.target.value })} />
        {reports && (
          <div className="monitor-range__reports">
            <Button variant="secondary" onClick={() => void downloadReport(id, 'csv', { ...range, timezone })}>
              Download CSV
            </Button>
            <Button variant="secondary" onClick={() => void downloadReport(id, 'pdf', { ...range, timezone })}>
              Download PDF
            </Button>
          </div>
        )}
      </section>
      {counts.data && <CountChart counts={counts.data} />}
      <h2 className="monitors__heading">Mentions</h2>
      {mentions.isPending && <Spinner />}
      {mentions.isSuccess && list.length === 0 && <EmptyState title="No mentions yet" description="New items that match appear here as they arrive." />}
      <ul className="mentions" aria-label="Mentions" aria-live="polite">
        {list.map((mention) => (
          <Mention key={`${mention.source}-${mention.sourceId}`} mention={mention} timezone={timezone} />
        ))}
      </ul>
      {mentions.hasNextPage && (
        <Button variant="secondary" loading={mentions.isFetchingNextPage} onClick={() => void mentions.fetchNextPage()}>
          Show more
        </Button>
      )}
      <MonitorFormModal open={editing} onClose={() => setEditing(false)} monitor={monitor.data} modules={user.modules} />
    </div>
  );
}
