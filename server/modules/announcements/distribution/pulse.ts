import { announcementRoom, type NumbersMove } from '../../../../contracts/announcements/realtime.ts';
import type { RealtimeServer } from '../../../realtime/processor.ts';

/** The shortest time between two pushes of one announcement's numbers from one process. */
export const PULSE_MS = 500;

/**
 * Tells an announcement's hub that its numbers moved. Opens come from mail apps in bursts (a
 * list's worth within seconds), so the first move is told at once and whatever follows within
 * the window is gathered into one message at its end: a thousand opens in a second are three
 * pushes, and three reads per open hub, not a thousand.
 */
export class NumbersPulse {
  private readonly windows = new Map<number, Set<NumbersMove>>();

  constructor(
    private readonly io: RealtimeServer,
    private readonly windowMs = PULSE_MS,
  ) {}

  moved(announcementId: number, move: NumbersMove): void {
    const gathering = this.windows.get(announcementId);
    if (gathering) return void gathering.add(move);
    this.tell(announcementId, [move]);
    this.open(announcementId);
  }

  private open(announcementId: number): void {
    const gathering = new Set<NumbersMove>();
    this.windows.set(announcementId, gathering);
    // Unref'd: a pending push never keeps a closing process alive.
    setTimeout(() => {
      if (gathering.size === 0) return void this.windows.delete(announcementId);
      this.tell(announcementId, [...gathering]);
      this.open(announcementId);
    }, this.windowMs).unref();
  }

  private tell(announcementId: number, moved: NumbersMove[]): void {
    this.io.to(announcementRoom(announcementId)).emit('announcement:numbers', { announcementId, moved });
  }
}

// One per socket.io server, so the page, the tracking links and the sender of a process share
// their windows: the throttle holds per announcement, whoever saw the move.
const pulses = new WeakMap<RealtimeServer, NumbersPulse>();

/** This process's pulse, or null where nothing is pushed (API-only tests, a worker without Redis). */
export function numbersPulseOf(io: RealtimeServer | null | undefined): NumbersPulse | null {
  if (!io) return null;
  const known = pulses.get(io);
  if (known) return known;
  const made = new NumbersPulse(io);
  pulses.set(io, made);
  return made;
}
