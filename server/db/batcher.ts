/** What a flush says of each request it carried: done, failed, or to be tried in a later flush. */
export type Outcome<T> = { ok: T } | { error: unknown } | { retry: true };

export type BatcherOptions<R> = {
  /** Requests with the same key are never in two flushes at once, and leave the queue in order. */
  key(request: R): string;
  /** Whether `next` may ride in the same flush as `group`, the requests of its key taken so far. */
  joins(group: readonly R[], next: R): boolean;
  /** At least 1. */
  weight(request: R): number;
  maxWeight: number;
  flushesInFlight: number;
  attempts: number;
  /** A whole flush that failed this way wrote nothing and may simply run again (a unique violation, a deadlock). */
  retryable(error: unknown): boolean;
  /** What a request that ran out of attempts fails with. */
  exhausted(): unknown;
};

type Pending<R, T> = { request: R; attempts: number; resolve: (value: T) => void; reject: (error: unknown) => void };

/**
 * Group commit: requests that arrive while a flush is in flight are carried by the next
 * one, as one statement. Throughput then grows with load instead of being capped by round
 * trips, and a hot key takes a whole batch per round trip.
 */
export class Batcher<R, T> {
  private queue: Pending<R, T>[] = [];
  private inFlight = 0;
  private readonly busyKeys = new Set<string>();
  private pumpScheduled = false;

  constructor(
    private readonly run: (batch: R[]) => Promise<Outcome<T>[]>,
    private readonly options: BatcherOptions<R>,
  ) {}

  submit(request: R): Promise<T> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, attempts: 0, resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * Flushes once the callers of this turn of the event loop have all submitted: those a flush
   * just answered come back a few promise steps later, and pumping at the first of them would
   * send it alone and leave the rest to the flush after.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.flushesInFlight && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight += 1;
      void this.flush(batch).finally(() => {
        this.inFlight -= 1;
        for (const pending of batch) this.busyKeys.delete(this.options.key(pending.request));
        this.schedulePump();
      });
    }
  }

  /** Takes what fits one flush, grouped by key; anything left behind holds back the rest of its key. */
  private take(): Pending<R, T>[] {
    const groups = new Map<string, Pending<R, T>[]>();
    const heldBack = new Set<string>();
    const rest: Pending<R, T>[] = [];
    let weight = 0;
    let index = 0;
    // A full flush takes nothing more: the rest of the queue stays as it is, unread, however long
    // (under load the session lookups queue hundreds for flushes of 64).
    for (; index < this.queue.length && weight < this.options.maxWeight; index++) {
      const pending = this.queue[index]!;
      const key = this.options.key(pending.request);
      const group = groups.get(key);
      const next = this.options.weight(pending.request);
      const fits = weight === 0 || weight + next <= this.options.maxWeight;
      const joins = !group || this.options.joins(group.map((p) => p.request), pending.request);
      if (this.busyKeys.has(key) || heldBack.has(key) || !fits || !joins) {
        heldBack.add(key);
        rest.push(pending);
        continue;
      }
      if (group) group.push(pending);
      else groups.set(key, [pending]);
      weight += next;
    }
    this.queue = index === this.queue.length ? rest : rest.concat(this.queue.slice(index));
    const batch = [...groups.values()].flat();
    for (const pending of batch) this.busyKeys.add(this.options.key(pending.request));
    return batch;
  }

  private async flush(batch: Pending<R, T>[]): Promise<void> {
    let outcomes: Outcome<T>[];
    try {
      outcomes = await this.run(batch.map((pending) => pending.request));
    } catch (error) {
      if (!this.options.retryable(error)) {
        for (const pending of batch) pending.reject(error);
        return;
      }
      outcomes = batch.map(() => ({ retry: true }));
    }
    const again: Pending<R, T>[] = [];
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if ('ok' in outcome) pending.resolve(outcome.ok);
      else if ('error' in outcome) pending.reject(outcome.error);
      else if (++pending.attempts >= this.options.attempts) pending.reject(this.options.exhausted());
      else again.push(pending);
    });
    // Ahead of newer requests of the same keys, which were held back behind these.
    this.queue.unshift(...again);
  }
}
