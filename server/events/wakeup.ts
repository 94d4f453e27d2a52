import type { DatabaseHandle } from '../db/connect.ts';
import { eventsAppended } from '../metrics/process.ts';

const CHANNEL = 'events_appended';

/**
 * Tells processors that the log moved. Local processors hear it at once; other processes hear
 * a NOTIFY sent after commit, never inside the append's transaction (a NOTIFY there takes a
 * global lock through commit and serialises every writer). Bursts collapse into at most one
 * NOTIFY per interval. Processors also poll, so a lost wake-up only costs latency. Every commit
 * that appends reports here, so here the appended events are counted for the metrics.
 */
export class Wakeup {
  private readonly listeners = new Set<() => void>();
  private lastNotifyAt = 0;
  private trailing: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen' | 'notify'>,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 5,
  ) {}

  /** Starts hearing other processes' appends. */
  async listen(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, () => this.wakeLocal());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `events` were just committed to the log. */
  signal(events: number): void {
    eventsAppended.inc(events);
    this.wakeLocal();
    if (this.trailing) return;
    const wait = this.lastNotifyAt + this.intervalMs - Date.now();
    if (wait <= 0) this.notifyNow();
    else this.trailing = setTimeout(() => this.notifyNow(), wait);
  }

  async close(): Promise<void> {
    if (this.trailing) clearTimeout(this.trailing);
    this.trailing = null;
    await this.unlisten?.();
  }

  private notifyNow(): void {
    this.trailing = null;
    this.lastNotifyAt = Date.now();
    this.database.notify(CHANNEL).catch(this.onError);
  }

  private wakeLocal(): void {
    for (const listener of this.listeners) listener();
  }
}
