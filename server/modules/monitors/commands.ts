import { BEATS } from '../../../contracts/users/enums.ts';
import {
  FILTER_MAX,
  MONITORS_MAX,
  NAME_MAX,
  NO_MONITOR,
  SOURCE_KINDS,
  type CreateMonitorBody,
  type MonitorDefinition,
  type SourceKind,
} from '../../../contracts/monitors/api.ts';
import type { MonitorEvent } from '../../../contracts/monitors/index.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { Decider } from '../../events/decider.ts';
import { allowedSources, mayUseAdvancedQueries, READ_ONLY, sourceRefusal, type Member } from './permissions.ts';
import { parseQuery, QueryRejected } from './query.ts';

export const monitorStream = (monitorId: number) => `monitor-${monitorId}`;

export type MonitorState = { exists: false } | { exists: true; deleted: boolean; accountId: number; definition: MonitorDefinition };

export type MonitorCommand =
  | { type: 'create'; monitorId: number; by: Member; fields: CreateMonitorBody; accountMonitors: number }
  | { type: 'edit'; monitorId: number; by: Member; changes: CreateMonitorBody }
  | { type: 'delete'; monitorId: number; by: Member }
  | { type: 'digest'; monitorId: number; through: string; mentions: number };

const BEAT_NAMES = new Set<string>(BEATS.map((beat) => beat.name));

/** Trimmed, blanks dropped, each once (compared without case). */
function cleanList(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const trimmed = value.trim();
    if (trimmed !== '' && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}

/** The definition as it will be, or every rule it breaks, one line each. */
function judged(fields: CreateMonitorBody, by: Member): MonitorDefinition {
  const errors: string[] = [];
  const name = fields.name?.trim() ?? '';
  if (name === '') errors.push('Name is required');
  else if (name.length > NAME_MAX) errors.push(`Name must be at most ${NAME_MAX} characters`);
  const query = fields.query?.trim() ?? '';
  try {
    parseQuery(query, { advanced: mayUseAdvancedQueries(by) });
  } catch (error) {
    if (!(error instanceof QueryRejected)) throw error;
    errors.push(...error.lines);
  }
  let sources: SourceKind[];
  if (fields.sources === undefined) sources = allowedSources(by, SOURCE_KINDS);
  else {
    sources = SOURCE_KINDS.filter((source) => fields.sources!.includes(source));
    if (sources.length === 0) errors.push('Choose at least one source');
    for (const source of sources) {
      const refusal = sourceRefusal(by, source);
      if (refusal) errors.push(refusal);
    }
  }
  const beats = cleanList(fields.beats ?? []).map((beat) => beat.toLowerCase());
  for (const beat of beats) if (!BEAT_NAMES.has(beat)) errors.push(`Unknown beat: ${beat}`);
  const outlets = cleanList(fields.outlets ?? []);
  const countries = cleanList(fields.countries ?? []);
  if (beats.length > FILTER_MAX || outlets.length > FILTER_MAX || countries.length > FILTER_MAX) errors.push(`Each filter may name at most ${FILTER_MAX} values`);
  if (errors.length > 0) throw new ValidationFailed(errors);
  return { name, query, sources, beats, outlets, countries, emailDigest: fields.emailDigest ?? false };
}

const same = (a: MonitorDefinition, b: MonitorDefinition) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A saved monitor of an account: its people who may change things create, change and delete
 * it; another account's monitor is not found.
 */
export const monitorDecider: Decider<MonitorState, MonitorCommand, MonitorEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'MonitorCreated':
        return { exists: true, deleted: false, accountId: event.data.accountId, definition: event.data.definition };
      case 'MonitorChanged':
        return state.exists ? { ...state, definition: event.data.definition } : state;
      case 'MonitorDeleted':
        return state.exists ? { ...state, deleted: true } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    if (command.type === 'digest') {
      if (!state.exists || state.deleted || !state.definition.emailDigest) return [];
      return [{ type: 'MonitorDigestSent', data: { accountId: state.accountId, monitorId: command.monitorId, through: command.through, mentions: command.mentions } }];
    }
    const { monitorId, by } = command;
    const accountId = by.accountId;
    if (command.type === 'create') {
      if (state.exists) throw new Conflict('This monitor exists already.');
      if (by.isReadOnly) throw new Forbidden(READ_ONLY);
      const definition = judged(command.fields, by);
      if (command.accountMonitors >= MONITORS_MAX) throw new ValidationFailed([`An account may keep at most ${MONITORS_MAX} monitors`]);
      return [{ type: 'MonitorCreated', data: { accountId, monitorId, definition, createdBy: by.id } }];
    }
    if (!state.exists || state.deleted || state.accountId !== accountId) throw new NotFound(NO_MONITOR);
    if (by.isReadOnly) throw new Forbidden(READ_ONLY);
    if (command.type === 'delete') return [{ type: 'MonitorDeleted', data: { accountId, monitorId, deletedBy: by.id } }];
    const { changes } = command;
    const current = state.definition;
    const definition = judged(
      {
        name: changes.name ?? current.name,
        query: changes.query ?? current.query,
        sources: changes.sources ?? current.sources,
        beats: changes.beats ?? current.beats,
        outlets: changes.outlets ?? current.outlets,
        countries: changes.countries ?? current.countries,
        emailDigest: changes.emailDigest ?? current.emailDigest,
      },
      by,
    );
    return same(definition, current) ? [] : [{ type: 'MonitorChanged', data: { accountId, monitorId, definition, changedBy: by.id } }];
  },
};
