import type { Logger } from '../core.ts';

export type PollLoopOptions = {
  /** One look: does what is due and says how long to sleep before the next (at most `pollMs`), or nothing for `pollMs`. */
  look: () => Promise<number | void>;
  /** The longest sleep between looks: another process may have made work due meanwhile. */
  pollMs: number;
  log: Logger;
  /** What a failed look logs; the loop goes on and the next look tries again. */
  failure: string;
};

/** The shortest sleep, so a look that keeps finding work due at once still yields to the rest of the process. */
const MIN_SLEEP_MS = 10;

/**
 * The background loop of a job table's worker: look, sleep until the next look is due or until
 * poked, and again, until stopped. A stop waits for the look under way to end.
 */
export class PollLoop {
  private wakeUp: (() => void) | null = null;
  private stopped = true;
  private loop: Promise<void> = Promise.resolve();

  constructor(private readonly options: PollLoopOptions) {}

  start(): void {
    this.stopped = false;
    this.loop = this.run();
  }

  /** Looks now rather than at the end of its sleep. */
  poke(): void {
    this.wakeUp?.();
  }

  /** Ends the loop after the look under way, without waiting for it. */
  halt(): void {
    this.stopped = true;
    this.poke();
  }

  async stop(): Promise<void> {
    this.halt();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let sleep = this.options.pollMs;
      try {
        sleep = (await this.options.look()) ?? this.options.pollMs;
      } catch (error) {
        this.options.log.error({ err: error }, this.options.failure);
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(sleep, MIN_SLEEP_MS));
        this.wakeUp = done;
        function done() {
          clearTimeout(timer);
          resolve();
        }
      });
      this.wakeUp = null;
    }
  }
}

/** How long from `now` until `next` falls due, within the poll: the whole poll when nothing is due. */
export function msUntilDue(next: Date | string | null | undefined, now: Date, pollMs: number): number {
  if (!next) return pollMs;
  return Math.max(0, Math.min(pollMs, new Date(next).getTime() - now.getTime()));
}

/**
 * A worker of rows that fall due at a time of their own (scheduled announcements, feeds to
 * fetch): each look does what is due, then sleeps until the next is.
 */
export abstract class DueWorker {
  private readonly loop: PollLoop;
  protected readonly pollMs: number;

  protected constructor(options: Omit<PollLoopOptions, 'look'>) {
    this.pollMs = options.pollMs;
    this.loop = new PollLoop({
      ...options,
      look: async () => {
        await this.runDue();
        return this.nextDueInMs();
      },
    });
  }

  /** Does what is due now; how many things it did. */
  abstract runDue(): Promise<number>;

  /** How long until the next row falls due, within the poll. */
  protected abstract nextDueInMs(): Promise<number>;

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Looks now rather than at the end of its sleep. */
  poke(): void {
    this.loop.poke();
  }
}
