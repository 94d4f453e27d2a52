import { compareCursors, type Cursor } from '../../../../contracts/realtime.ts';

export type Stamped = { cursor: Cursor };
export type Delivery = { event: string; message: unknown };

const cursorOf = (message: unknown): Cursor | null =>
  typeof message === 'object' && message !== null && typeof (message as Partial<Stamped>).cursor === 'string' ? (message as Stamped).cursor : null;

/**
 * Applies the server's messages once each, in log order. While a resume replays what was
 * missed, live messages keep arriving beside the replay (decisions: realtime cursors), so both
 * are held until the resume answers, then applied sorted by cursor, skipping what was seen.
 * Messages without a cursor (the unread count) are not part of the log: they pass at once.
 */
export class CursorOrdering {
  private last: Cursor | null;
  private held: Delivery[] | null = null;
  // One event of the log can mean several messages (a new message and the unread counts it
  // moved): at the newest cursor, each kind is applied once. A cursor known from elsewhere (a
  // start, a resume's answer) was applied whole.
  private appliedAtLast: Set<string> | 'all' = 'all';

  constructor(
    private readonly apply: (delivery: Delivery) => void,
    start: Cursor | null = null,
  ) {
    this.last = start;
  }

  /** The cursor of the newest message applied: what a reconnecting socket resumes from. */
  get cursor(): Cursor | null {
    return this.last;
  }

  get holding(): boolean {
    return this.held !== null;
  }

  receive(event: string, message: unknown): void {
    const cursor = cursorOf(message);
    if (cursor === null) return this.apply({ event, message });
    if (this.held) {
      this.held.push({ event, message });
      return;
    }
    this.applyInOrder({ event, message }, cursor);
  }

  /** From now until `release`, stamped messages wait. */
  hold(): void {
    this.held ??= [];
  }

  /**
   * Applies what waited, in cursor order. `upTo` is how far the server had sent when it answered:
   * the cursor moves there even when none of it concerned this tab, so the next resume starts later.
   */
  release(upTo: Cursor | null = null): void {
    const held = this.held ?? [];
    this.held = null;
    held.sort((a, b) => compareCursors(cursorOf(a.message)!, cursorOf(b.message)!));
    for (const delivery of held) this.applyInOrder(delivery, cursorOf(delivery.message)!);
    if (upTo && (this.last === null || compareCursors(upTo, this.last) > 0)) {
      this.last = upTo;
      this.appliedAtLast = 'all';
    }
  }

  private applyInOrder(delivery: Delivery, cursor: Cursor): void {
    const order = this.last === null ? 1 : compareCursors(cursor, this.last);
    if (order < 0 || (order === 0 && (this.appliedAtLast === 'all' || this.appliedAtLast.has(delivery.event)))) return;
    const applied = order > 0 || this.appliedAtLast === 'all' ? new Set<string>() : this.appliedAtLast;
    applied.add(delivery.event);
    this.appliedAtLast = applied;
    this.last = cursor;
    this.apply(delivery);
  }
}
