import type { CreateTaskBody, TaskView } from '../../../../contracts/tasks/api.ts';
import type { TaskLink } from '../../../../contracts/tasks/events.ts';
import { dayjs } from '../../lib/format/index.ts';

/** What the form holds: the due date as the person reads it on their own clock. */
export type TaskDraft = { title: string; assigneeId: number | null; due: string; link: (TaskLink & { label: string | null }) | null };

const LOCAL = 'YYYY-MM-DDTHH:mm';

/** An instant as a datetime-local field shows it, in the person's timezone. */
export function toLocalInput(instant: string, timezone: string): string {
  return dayjs(instant).tz(timezone).format(LOCAL);
}

/** A datetime-local value read in the person's timezone, as the instant the server keeps; '' stays empty. */
export function fromLocalInput(value: string, timezone: string): string | null {
  if (value.trim() === '') return null;
  const parsed = dayjs.tz(value, LOCAL, timezone);
  return parsed.isValid() ? parsed.toISOString() : value;
}

/** Tomorrow at nine on the person's clock: the due date a new task starts with. */
export function defaultDue(timezone: string, now: Date = new Date()): string {
  return dayjs(now).tz(timezone).add(1, 'day').hour(9).minute(0).format(LOCAL);
}

export function draftOf(task: TaskView | null, timezone: string, selfId: number): TaskDraft {
  if (!task) return { title: '', assigneeId: selfId, due: defaultDue(timezone), link: null };
  return { title: task.title, assigneeId: task.assignee.id, due: toLocalInput(task.dueAt, timezone), link: task.link };
}

export function bodyOf(draft: TaskDraft, timezone: string): CreateTaskBody {
  return { title: draft.title, assigneeId: draft.assigneeId, dueAt: fromLocalInput(draft.due, timezone), link: draft.link ? { kind: draft.link.kind, id: draft.link.id } : null };
}

export type FieldName = 'title' | 'assignee' | 'due' | 'link' | 'form';

/** Which field a line of the server's answer is about, so it shows beside it. */
export function fieldOf(line: string): FieldName {
  if (line.startsWith('Title')) return 'title';
  if (/assignee/i.test(line)) return 'assignee';
  if (line.startsWith('Due date')) return 'due';
  if (/^The linked/.test(line)) return 'link';
  return 'form';
}

export function errorsByField(lines: readonly string[]): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const line of lines) {
    const field = fieldOf(line);
    errors[field] = errors[field] ? `${errors[field]} ${line}` : line;
  }
  return errors;
}

const KIND_LABELS: Record<TaskLink['kind'], string> = { contact: 'Contact', interview: 'Interview', announcement: 'Announcement' };

/** How a link reads: 'Contact: Mia Chen', or 'Announcement #4' where the name is not known here. */
export function linkText(link: { kind: TaskLink['kind']; id: number; label: string | null }): string {
  return link.label ? `${KIND_LABELS[link.kind]}: ${link.label}` : `${KIND_LABELS[link.kind]} #${link.id}`;
}
