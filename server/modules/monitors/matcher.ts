import type { SourceKind } from '../../../contracts/monitors/api.ts';
import { ItemWords, matches, parseQuery, QueryRejected, wordsOf, type QueryNode } from './query.ts';
import type { Item } from './sources.ts';

/** What the matcher keeps of a monitor: its query as a tree, its filters as sets (null: any). */
export type FiledMonitor = {
  id: number;
  accountId: number;
  name: string;
  root: QueryNode;
  anchors: Set<string>;
  sources: Set<string>;
  beats: Set<string> | null;
  outlets: Set<string> | null;
  countries: Set<string> | null;
};

export type MonitorSpec = { id: number; accountId: number; name: string; query: string; sources: readonly string[]; beats: readonly string[]; outlets: readonly string[]; countries: readonly string[] };

const setOrAny = (values: readonly string[]) => (values.length === 0 ? null : new Set(values.map((value) => value.toLowerCase())));

/**
 * Every monitor, filed under the words any item it matches must hold (query.ts anchorsOf): an
 * item is checked only against the monitors its own words name, never against all of them.
 */
export class MonitorIndex {
  private readonly monitors = new Map<number, FiledMonitor>();
  private readonly byWord = new Map<string, Set<number>>();

  get size(): number {
    return this.monitors.size;
  }

  /** Files a monitor, or files it again as it is now. */
  put(spec: MonitorSpec): void {
    this.remove(spec.id);
    let parsed;
    try {
      // Judged when saved, under the modules of its account then.
      parsed = parseQuery(spec.query, { advanced: true });
    } catch (error) {
      if (error instanceof QueryRejected) return;
      throw error;
    }
    const filed: FiledMonitor = {
      id: spec.id,
      accountId: spec.accountId,
      name: spec.name,
      root: parsed.root,
      anchors: parsed.anchors,
      sources: new Set(spec.sources),
      beats: setOrAny(spec.beats),
      outlets: setOrAny(spec.outlets),
      countries: setOrAny(spec.countries),
    };
    this.monitors.set(spec.id, filed);
    for (const word of filed.anchors) {
      const ids = this.byWord.get(word);
      if (ids) ids.add(spec.id);
      else this.byWord.set(word, new Set([spec.id]));
    }
  }

  remove(monitorId: number): void {
    const filed = this.monitors.get(monitorId);
    if (!filed) return;
    this.monitors.delete(monitorId);
    for (const word of filed.anchors) {
      const ids = this.byWord.get(word)!;
      ids.delete(monitorId);
      if (ids.size === 0) this.byWord.delete(word);
    }
  }

  clear(): void {
    this.monitors.clear();
    this.byWord.clear();
  }

  /** The monitors an item matches: source and filters first (cheap), then the query. */
  match(item: Item): FiledMonitor[] {
    const words = new ItemWords(wordsOf(item.text));
    const candidates = new Set<number>();
    for (const word of words.positions.keys()) for (const id of this.byWord.get(word) ?? []) candidates.add(id);
    const matched: FiledMonitor[] = [];
    for (const id of candidates) {
      const monitor = this.monitors.get(id)!;
      if (passesFilters(monitor, item) && matches(monitor.root, words)) matched.push(monitor);
    }
    return matched;
  }
}

function passesFilters(monitor: FiledMonitor, item: Item): boolean {
  if (!monitor.sources.has(item.source satisfies SourceKind)) return false;
  if (monitor.beats && !item.beats.some((beat) => monitor.beats!.has(beat.toLowerCase()))) return false;
  if (monitor.outlets && !(item.outlet !== null && monitor.outlets.has(item.outlet.toLowerCase()))) return false;
  if (monitor.countries && !(item.country !== null && monitor.countries.has(item.country.toLowerCase()))) return false;
  return true;
}
