import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TaskView } from '../../../../contracts/tasks/api.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button, Checkbox, confirmDialog, EmptyState, PageHeader, Segmented, Select, Spinner } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { linkText } from './form.ts';
import { useDeleteTask, useTasks, useToggleDone, type TaskFilters } from './queries.ts';
import { TaskFormModal } from './TaskFormModal.tsx';
import './tasks.css';

const SCOPES: { scope: TaskFilters['scope']; label: string; empty: string }[] = [
  { scope: 'all', label: 'All tasks', empty: 'Your account has no tasks here yet' },
  { scope: 'assigned', label: 'Assigned to me', empty: 'Nothing here is assigned to you' },
  { scope: 'mine', label: 'Given by me', empty: 'You have not given anyone a task here' },
];

function LinkTo({ link }: { link: NonNullable<TaskView['link']> }) {
  const text = linkText(link);
  if (link.kind === 'contact' && link.label) return <Link to="/contacts/$id" params={{ id: String(link.id) }}>{text}</Link>;
  if (link.kind === 'interview' && link.label) return <Link to="/interviews/$id" params={{ id: String(link.id) }}>{text}</Link>;
  if (link.kind === 'announcement') return <Link to="/announcements/$id" params={{ id: String(link.id) }}>{text}</Link>;
  return <span>{link.label ? text : `${text} (removed)`}</span>;
}

function TaskRow({ task, timezone, selfId, canChange, onEdit }: { task: TaskView; timezone: string; selfId: number; canChange: boolean; onEdit: (task: TaskView) => void }) {
  const toggle = useToggleDone();
  const remove = useDeleteTask();
  const done = task.state === 'done';
  const assignee = task.assignee.id === selfId ? 'you' : task.assignee.name;
  const giver = task.createdBy.id === selfId ? 'you' : task.createdBy.name;
  const askDelete = async () => {
    if (await confirmDialog({ title: 'Delete this task?', message: `“${task.title}” is removed for everyone in your account.`, applyLabel: 'Delete' })) remove.mutate(task);
  };
  return (
    <li className={['task', task.overdue ? 'task--overdue' : '', done ? 'task--done' : ''].filter(Boolean).join(' ')}>
      <div className="task__check">
        <Checkbox
          label={<span className="visually-hidden">{done ? `Reopen “${task.title}”` : `Mark “${task.title}” done`}</span>}
          checked={done}
          disabled={!canChange || toggle.isPending}
          onChange={() => toggle.mutate(task)}
        />
      </div>
      <div className="task__body">
        <h2 className="task__title">{task.title}</h2>
        <ul className="task__facts" aria-label="Details">
          <li className="task__due">
            {task.overdue && <span className="task__overdue">Overdue</span>}
            <span>Due {formatDate(task.dueAt, 'dateTime', timezone)}</span>
          </li>
          <li>
            For {assignee} · from {giver}
          </li>
          {task.link && (
            <li>
              <LinkTo link={task.link} />
            </li>
          )}
          {done && task.doneAt && <li>Done {formatDate(task.doneAt, 'dateTime', timezone)}</li>}
        </ul>
      </div>
      {canChange && (
        <div className="task__actions">
          <Button variant="ghost" size="sm" onClick={() => onEdit(task)}>
            Edit<span className="visually-hidden"> “{task.title}”</span>
          </Button>
          <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => void askDelete()}>
            Delete<span className="visually-hidden"> “{task.title}”</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * /tasks: the account's to-dos, soonest due first, overdue ones marked; filtered by whose
 * (all, assigned to me, given by me), by state and to the overdue ones. Lists follow every
 * change a colleague makes (the frame hears the socket and reads them again).
 */
export function TasksPage() {
  const user = useCurrentUser();
  const [filters, setFilters] = useState<TaskFilters>({ scope: 'assigned', state: 'open', overdue: false });
  const [editing, setEditing] = useState<{ task: TaskView | null } | null>(null);
  const tasks = useTasks(filters);
  if (!user) return null;
  const timezone = user.timezone || DEFAULT_TIMEZONE;
  const canChange = !user.isReadOnly;
  const list = tasks.data?.pages.flatMap((page) => page.data) ?? [];
  const scope = SCOPES.find((candidate) => candidate.scope === filters.scope)!;
  const overdueCount = tasks.data?.pages[0]?.overdueCount ?? 0;
  return (
    <div className="tasks">
      <PageHeader
        title="Tasks"
        blurb={`Your account’s to-dos: who does what, by when. Times are on your clock (${timezone}).`}
        actions={canChange && <Button onClick={() => setEditing({ task: null })}>New task</Button>}
      />
      <div className="tasks__filters">
        <Segmented
          label="Whose tasks"
          options={SCOPES.map((candidate) => ({ value: candidate.scope, label: candidate.label }))}
          value={filters.scope}
          onChange={(scope) => setFilters({ ...filters, scope })}
        />
        <div className="tasks__narrow">
          <Select label="State" value={filters.state} disabled={filters.overdue} onChange={(event) => setFilters({ ...filters, state: event.target.value as TaskFilters['state'] })}>
            <option value="open">Open</option>
            <option value="done">Done</option>
            <option value="all">All</option>
          </Select>
          <Checkbox label={`Overdue only${overdueCount > 0 ? ` (${overdueCount})` : ''}`} checked={filters.overdue} onChange={(event) => setFilters({ ...filters, overdue: event.target.checked })} />
        </div>
      </div>
      <section className="tasks__body" aria-label={scope.label} aria-busy={tasks.isFetching}>
        {tasks.isPending ? (
          <div className="tasks__loading">
            <Spinner label="Loading tasks" />
          </div>
        ) : tasks.isError && list.length === 0 ? (
          <EmptyState title="The tasks could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void tasks.refetch()}>Try again</Button>} />
        ) : list.length === 0 ? (
          <EmptyState
            title={filters.overdue ? 'Nothing is overdue' : scope.empty}
            description={canChange ? 'Give yourself or a colleague something to do, with a due date.' : undefined}
            action={canChange ? <Button onClick={() => setEditing({ task: null })}>New task</Button> : undefined}
          />
        ) : (
          <>
            <ul className="task-list" aria-label={`${scope.label}, ${filters.overdue ? 'overdue' : filters.state}`}>
              {list.map((task) => (
                <TaskRow key={task.id} task={task} timezone={timezone} selfId={user.id} canChange={canChange} onEdit={(chosen) => setEditing({ task: chosen })} />
              ))}
            </ul>
            {tasks.hasNextPage && (
              <div className="tasks__more">
                <Button variant="secondary" loading={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
                  Show more tasks
                </Button>
              </div>
            )}
          </>
        )}
      </section>
      {canChange && <TaskFormModal open={editing !== null} onClose={() => setEditing(null)} task={editing?.task ?? null} timezone={timezone} selfId={user.id} />}
    </div>
  );
}
