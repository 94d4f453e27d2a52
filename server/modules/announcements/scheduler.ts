import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { Core, Logger } from '../../core.ts';
import { DueWorker, msUntilDue } from '../../jobs/poll-loop.ts';
import { announcementDecider, announcementStream } from './commands.ts';
import { queueRecipients } from './distribution/queue.ts';
import './tables.ts';

export type SchedulerOptions = {
  /** The scheduler's clock; tests pass their own to say when "now" is. */
  now?: () => Date;
  /** The longest it sleeps between looks at what is due (another process may have scheduled something sooner). */
  pollMs?: number;
  log: Logger;
  /** Recipients of an email version were queued: the senders look now. */
  recipientsQueued?: () => void;
};

const systemMetadata: EventMetadata = { actorId: null, actorRole: 'system', requestId: null, correlationId: null, causationId: null };

/**
 * Publishes scheduled announcements and lifts embargoes when their time comes. Each due
 * announcement is claimed by its read-model row (`due_at`, `FOR UPDATE SKIP LOCKED`, as the video
 * worker claims transcodes), in the transaction that appends what its decider says the time
 * means, which also moves `due_at` on: a scheduler in every app process, and each change happens
 * once. A second look at the same time finds nothing more to do (the decider's own check).
 */
export class AnnouncementScheduler extends DueWorker {
  private readonly now: () => Date;

  constructor(
    private readonly core: Core,
    private readonly options: SchedulerOptions,
  ) {
    super({ pollMs: options.pollMs ?? 1000, log: options.log, failure: 'could not publish the announcements that are due; trying again' });
    this.now = options.now ?? (() => new Date());
  }

  /** Does what is due at the clock's time, one announcement per transaction; how many changed. */
  async runDue(): Promise<number> {
    let changed = 0;
    for (;;) {
      const at = this.now();
      const outcome = await this.core.commands.transaction(async (unit) => {
        const claimed = await unit.trx
          .selectFrom('announcements')
          .select('id')
          .where('due_at', '<=', at)
          .orderBy('due_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!claimed) return null;
        const id = Number(claimed.id);
        const result = await unit.run(announcementDecider, announcementStream(id), { type: 'tick', announcementId: id, at }, systemMetadata);
        // Published, or public at last: the email version goes to whoever may have it now.
        const queued = result.events.length > 0 ? await queueRecipients(unit.trx, id) : 0;
        return { id, events: result.events.length, queued };
      });
      if (!outcome) return changed;
      if (outcome.queued > 0) this.options.recipientsQueued?.();
      if (outcome.events === 0) {
        // A row whose time means nothing to its stream (a hand-edited table): not looked at again until it changes.
        this.options.log.warn({ announcementId: outcome.id }, 'an announcement was due but had nothing to do');
        await this.core.database.db.updateTable('announcements').set({ due_at: null }).where('id', '=', outcome.id).execute();
      }
      changed += outcome.events;
    }
  }

  protected async nextDueInMs(): Promise<number> {
    const row = await this.core.database.db.selectFrom('announcements').select((eb) => eb.fn.min('due_at').as('next')).executeTakeFirst();
    return msUntilDue(row?.next as Date | null, this.now(), this.pollMs);
  }
}
