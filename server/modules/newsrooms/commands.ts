import { MANAGES_ALREADY, NAME_REQUIRED, NO_NEWSROOM, NOT_OF_COMPANY, type NewsroomInput } from '../../../contracts/newsrooms/api.ts';
import type { NewsroomEvent, NewsroomFields } from '../../../contracts/newsrooms/index.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { Decider } from '../../events/decider.ts';
import { isPlatformAdmin, mayEdit, newsroomsRefusal, READ_ONLY, type Member } from './permissions.ts';

export const newsroomStream = (newsroomId: number) => `newsroom-${newsroomId}`;

/** A form's changes with the logo already found among the person's uploads. */
export type NewsroomChanges = Omit<NewsroomInput, 'logo'> & { logo?: NewsroomFields['logo'] };

/** JSON with every object's keys sorted: the log's jsonb gives keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );

/** The fields after a change: only what the change names moves. */
export function applyChanges(current: NewsroomFields, changes: NewsroomChanges): NewsroomFields {
  const given = Object.entries(changes).filter(([, value]) => value !== undefined);
  const next = { ...current, ...Object.fromEntries(given) } as NewsroomFields;
  if (next.name.trim() === '') throw new ValidationFailed([NAME_REQUIRED]);
  return next;
}

export type NewsroomState =
  | { exists: false }
  | { exists: true; companyId: number; accountId: number; fields: NewsroomFields; managers: ReadonlySet<number>; requests: ReadonlyMap<number, number> };

export type NewsroomCommand =
  /** `responsible`: the person answers for the company (issue 8's responsibilities). */
  | { type: 'create'; newsroomId: number; by: Member; companyId: number; fields: NewsroomFields; responsible: boolean }
  | { type: 'edit'; newsroomId: number; by: Member; changes: NewsroomChanges }
  | { type: 'requestAccess'; newsroomId: number; by: Member; requestId: number; expiresAt: string }
  /** A mailed link was followed; whoever follows it may be signed out (`by` null). */
  | { type: 'confirmAccess'; newsroomId: number; by: Member | null; requestId: number };

const accessOf = (state: Extract<NewsroomState, { exists: true }>) => ({ accountId: state.accountId, managers: state.managers, isPublic: state.fields.isPublic });

export const newsroomDecider: Decider<NewsroomState, NewsroomCommand, NewsroomEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    if (event.type === 'NewsroomCreated') {
      const { companyId, accountId, fields } = event.data;
      return { exists: true, companyId, accountId, fields, managers: new Set(), requests: new Map() };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'NewsroomEdited':
        return { ...state, fields: event.data.fields };
      case 'NewsroomAccessRequested':
        return { ...state, requests: new Map([...state.requests, [event.data.requestId, event.data.userId]]) };
      case 'NewsroomAccessConfirmed':
        return { ...state, managers: new Set([...state.managers, event.data.userId]) };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { newsroomId, by } = command;
    if (command.type === 'create') {
      if (state.exists) throw new Conflict('This newsroom exists already.');
      const refusal = newsroomsRefusal(command.by);
      if (refusal && !isPlatformAdmin(command.by)) throw new Forbidden(refusal);
      if (command.by.isReadOnly) throw new Forbidden(READ_ONLY);
      if (!command.responsible && !isPlatformAdmin(command.by)) throw new Forbidden(NOT_OF_COMPANY);
      const fields = applyChanges(command.fields, {});
      return [{ type: 'NewsroomCreated', data: { newsroomId, companyId: command.companyId, accountId: command.by.accountId!, fields, createdBy: command.by.id } }];
    }
    if (!state.exists) throw new NotFound(NO_NEWSROOM);
    switch (command.type) {
      case 'edit': {
        if (!mayEdit(command.by, accessOf(state))) {
          if (command.by.isReadOnly && !newsroomsRefusal(command.by) && command.by.accountId === state.accountId) throw new Forbidden(READ_ONLY);
          throw state.fields.isPublic ? new Forbidden('Only the newsroom’s own people may edit it') : new NotFound(NO_NEWSROOM);
        }
        const fields = applyChanges(state.fields, command.changes);
        return canonical(fields) === canonical(state.fields) ? [] : [{ type: 'NewsroomEdited', data: { newsroomId, fields } }];
      }
      case 'requestAccess': {
        const refusal = newsroomsRefusal(command.by);
        if (refusal) throw new Forbidden(refusal);
        if (command.by.isReadOnly) throw new Forbidden(READ_ONLY);
        if (mayEdit(command.by, accessOf(state))) throw new ValidationFailed([MANAGES_ALREADY]);
        return [{ type: 'NewsroomAccessRequested', data: { newsroomId, requestId: command.requestId, userId: command.by.id, expiresAt: command.expiresAt } }];
      }
      case 'confirmAccess': {
        const userId = state.requests.get(command.requestId);
        if (userId === undefined) throw new NotFound(NO_NEWSROOM);
        if (state.managers.has(userId)) return [];
        return [{ type: 'NewsroomAccessConfirmed', data: { newsroomId, requestId: command.requestId, userId, confirmedBy: by?.id ?? null } }];
      }
    }
  },
};
