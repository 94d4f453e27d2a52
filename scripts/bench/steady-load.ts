import http from 'node:http';

export type PlannedRequest = { method: string; path: string; headers: Record<string, string>; body?: string };
export type SteadyShot = { ok: number; non2xx: number; errors: number; codes: Record<string, number>; seconds: number; latencies: number[] };

/**
 * An open-loop load at a steady rate: request i is due at start + i / rate, whatever became of
 * the ones before, over at most `connections` kept-alive sockets. Latency runs from the time a
 * request was due, so a server that falls behind is charged for the wait (no coordinated
 * omission). autocannon's own rate limit sends each connection's share of a second back to
 * back at the top of the second, which measures a burst's queue, not a page's latency.
 */
export async function steadyLoad(base: string, next: () => PlannedRequest, rate: number, seconds: number, connections: number): Promise<SteadyShot> {
  const target = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const shot: SteadyShot = { ok: 0, non2xx: 0, errors: 0, codes: {}, seconds, latencies: [] };
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();

  const send = (due: number) => {
    const planned = next();
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        { host: target.hostname, port: target.port, agent, method: planned.method, path: planned.path, headers: planned.headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            const code = response.statusCode ?? 0;
            if (code >= 200 && code < 300) {
              shot.ok += 1;
              shot.latencies.push(performance.now() - due);
            } else {
              shot.non2xx += 1;
              shot.codes[code] = (shot.codes[code] ?? 0) + 1;
            }
            resolve();
          });
        },
      );
      request.on('error', () => {
        shot.errors += 1;
        resolve();
      });
      request.end(planned.body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  for (let sent = 0; sent < total; ) {
    const now = performance.now();
    while (sent < total && started + sent * interval <= now) {
      send(started + sent * interval);
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + sent * interval - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return shot;
}
