import type { ResponseView } from '../../../contracts/interviews/api.ts';
import type { StoredEvent } from '../../events/types.ts';

/**
 * The responses an answering batch read for its answerers just before it committed, kept for
 * this process's realtime processor, which pushes the same response to the interviewer's page
 * and would read it again. Each is kept under the response's last event of the batch, so it is
 * only ever taken for the very event it followed; a processor in another process, or one that
 * comes after the view was dropped, reads the response as before.
 */
const views = new Map<string, ResponseView>();

// A few batches' worth: a processor takes them within tens of milliseconds; where none runs
// in this process (RUN_PROCESSORS=false), the oldest go.
const KEPT = 5_000;

const keyOf = (event: Pick<StoredEvent, 'transactionId' | 'position'>, responseId: number) => `${event.transactionId}:${event.position}:${responseId}`;

/** After the batch committed: its responses, each under its last event. */
export function handOver(lastEvents: ReadonlyMap<number, StoredEvent>, responses: readonly ResponseView[]): void {
  for (const response of responses) {
    const last = lastEvents.get(response.id);
    if (!last) continue;
    views.set(keyOf(last, response.id), response);
    if (views.size > KEPT) views.delete(views.keys().next().value!);
  }
}

/** The response as the batch that appended `event` left it, if this process kept it. */
export function takeHandedOver(event: Pick<StoredEvent, 'transactionId' | 'position'>, responseId: number): ResponseView | undefined {
  const key = keyOf(event, responseId);
  const view = views.get(key);
  views.delete(key);
  return view;
}
