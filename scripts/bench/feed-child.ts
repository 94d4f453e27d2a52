/**
 * The reader of bench:replay: GETs the feed's first page at a steady rate in a process of its
 * own, so that the rebuild running in the bench's process never holds up its sending or its
 * timing (in one event loop, a chunk's decoding delayed whole bunches of answers, and the p99
 * measured the bench, not the app). Forked with IPC:
 *
 *   start  {base, token, rate}  begin: request i is due at start + i / rate
 *   stop                        stop sending; answers, once the last request is back, each
 *                               one's latency in ms from the time it was due, sorted, or the
 *                               first failure (a request refused or not answered)
 */
import { headers } from './live-load.ts';

export type Request = { type: 'start'; base: string; token: string; rate: number } | { type: 'stop' };

let running: { stop: () => Promise<number[]> } | null = null;

function start(base: string, token: string, rate: number) {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const begun = performance.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failure: unknown = null;
  const send = (due: number) => {
    const request = fetch(`${base}/api/v1/posts?limit=20`, { headers: headers(token) })
      .then(async (answer) => {
        await answer.arrayBuffer();
        if (!answer.ok) throw new Error(`the feed answered ${answer.status}`);
        latencies.push(performance.now() - due);
      })
      .catch((error: unknown) => void (failure ??= error))
      .finally(() => pending.delete(request));
    pending.add(request);
  };
  let next = 0;
  const tick = () => {
    while (!stopped) {
      const due = begun + (next * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) {
        timer = setTimeout(tick, wait);
        return;
      }
      send(due);
      next += 1;
    }
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(pending);
      if (failure) throw failure;
      return latencies.sort((a, b) => a - b);
    },
  };
}

process.on('message', (request: Request) => {
  if (request.type === 'start') {
    running = start(request.base, request.token, request.rate);
    process.send!({ started: true });
    return;
  }
  const stopping = running?.stop() ?? Promise.resolve([]);
  running = null;
  void stopping.then(
    (latencies) => process.send!({ latencies }),
    (error: unknown) => process.send!({ error: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
