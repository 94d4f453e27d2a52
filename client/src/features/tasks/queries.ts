import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DirectoryRow } from '../../../../contracts/contacts/api.ts';
import type { CreateTaskBody, EditTaskBody, TaskPerson, TasksPage, TaskView } from '../../../../contracts/tasks/api.ts';
import { api } from '../../lib/api/index.ts';
import { useSocketEvent, type MessageOf } from '../../lib/realtime/index.ts';
import { showToast, TOAST_DURATION } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';

export type TaskFilters = { scope: 'all' | 'mine' | 'assigned'; state: 'open' | 'done' | 'all'; overdue: boolean };

export const taskKeys = {
  all: ['tasks'] as const,
  list: (filters: TaskFilters) => ['tasks', 'list', filters] as const,
  assignees: () => ['tasks', 'assignees'] as const,
};

const PAGE = 100;

/** The account's tasks as the filters ask, a page at a time; the previous list stays on screen while the next loads. */
export function useTasks(filters: TaskFilters) {
  return useInfiniteQuery({
    queryKey: taskKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<TasksPage>('/api/v1/tasks', { query: { scope: filters.scope, state: filters.state, overdue: filters.overdue, offset: pageParam, limit: PAGE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((count, page) => count + page.data.length, 0) : undefined),
    placeholderData: keepPreviousData,
  });
}

/** The account's people a task may be given to. */
export function useAssignees(enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.assignees(),
    queryFn: async ({ signal }) => (await api.get<{ data: TaskPerson[] }>('/api/v1/tasks/assignees', { signal })).data,
    staleTime: 60_000,
    enabled,
  });
}

/** Contacts of the account matching some words, for a task's link (people the account keeps no record of cannot be linked). */
export function useContactMatches(words: string) {
  const q = words.trim();
  return useQuery({
    queryKey: ['tasks', 'contact-matches', q],
    queryFn: async ({ signal }) => (await api.get<{ data: DirectoryRow[] }>('/api/v1/contacts', { query: { q, limit: 8 }, signal, quiet: true })).data.filter((row) => row.id !== null),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });
}

/** The person's own interviews (the latest 100), which a task may be about. */
export function useMyInterviews(enabled: boolean) {
  return useQuery({
    queryKey: ['tasks', 'my-interviews'],
    queryFn: async ({ signal }) => (await api.get<{ data: { id: number; title: string }[] }>('/api/v1/interviews', { query: { list: 'my', limit: 100 }, signal, quiet: true })).data,
    enabled,
    staleTime: 60_000,
  });
}

function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['tasks', 'list'] });
}

/** Errors come back with the server's lines: the form shows them, so no toast. */
export function useSaveTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: CreateTaskBody | EditTaskBody }) =>
      id === null ? ((await api.create('/api/v1/tasks', body, { quiet: true })).body as TaskView) : api.patch<TaskView>(`/api/v1/tasks/${id}`, body, { quiet: true }),
    onSuccess: refresh,
  });
}

export function useToggleDone() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (task: TaskView) => (task.state === 'open' ? api.post<TaskView>(`/api/v1/tasks/${task.id}/done`) : api.delete<TaskView>(`/api/v1/tasks/${task.id}/done`)),
    onSuccess: refresh,
  });
}

export function useDeleteTask() {
  const refresh = useRefreshTasks();
  return useMutation({ mutationFn: (task: TaskView) => api.delete(`/api/v1/tasks/${task.id}`), onSuccess: refresh });
}

/**
 * What a person is told of a task change, or null: only a task someone else gave them, by
 * creating it for them or handing it over (`people` names the one who handed it over).
 */
export function noticeOf(message: MessageOf<'task:changed'>, selfId: number | null, people: readonly TaskPerson[] = []): string | null {
  const task = message.task;
  if (!task || (message.change !== 'created' && message.change !== 'assigned')) return null;
  if (task.assignee.id !== selfId || message.by === selfId) return null;
  const giver = message.change === 'created' ? task.createdBy.name : (people.find((person) => person.id === message.by)?.name ?? 'A colleague');
  return `${giver} gave you “${task.title}”.`;
}

/**
 * What tasks hear from the server, once for the whole app (the frame mounts it): every tab of
 * the account reads its lists again, and a person given a task by someone else is told who
 * gave them what, wherever they are in the app.
 */
export function useTasksLive(): void {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  useSocketEvent('task:changed', (message) => {
    void queryClient.invalidateQueries({ queryKey: ['tasks', 'list'] });
    const line = noticeOf(message, user?.id ?? null, queryClient.getQueryData<TaskPerson[]>(taskKeys.assignees()));
    if (line) showToast({ type: 'info', title: 'New task for you', lines: [line], duration: TOAST_DURATION.long });
  });
}
