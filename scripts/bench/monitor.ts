/**
 * npm run bench:monitor: 10,000 saved monitors and 100 outside news items a second for a
 * minute, against the real PostgreSQL. For each item, the time from its arrival (its append
 * committed) to its mentions being stored (the matcher's batch committed) and handed to the
 * sockets (the matcher's push, as the live app sends it to `user:{id}` rooms); and the CPU
 * the process spends per item. Beside it, in the same run and process, the same items
 * appended with no monitors at all.
 *
 *   DATABASE_URL   the server to use (default postgres://postgres@127.0.0.1:5432/postgres); the
 *                  bench works in a database of its own, pressroom_bench_monitor, made anew
 *                  and dropped at the end
 *   BENCH_SECONDS  length of each measured window (default 60)
 *   BENCH_RATE     items a second (default 100)
 *   BENCH_MONITORS saved monitors (default 10,000)
 */
import os from 'node:os';
import type { EventMetadata } from '../../contracts/events/index.ts';
import type { MonitorDefinition } from '../../contracts/monitors/api.ts';
import { openCore, startProcessing, type Core } from '../../server/core.ts';
import type { AnyEvent } from '../../server/events/types.ts';
import { createLog } from '../../server/log.ts';
import { productModel } from '../../server/model.ts';
import { monitorMatcher } from '../../server/modules/monitors/index.ts';
import { dropDatabase, fmt, freshDatabase, percentile } from './fixtures.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const MONITORS = Number(process.env.BENCH_MONITORS ?? 10_000);
const DATABASE = 'pressroom_bench_monitor';
const ACCOUNTS = 50;
const metadata: EventMetadata = { actorId: null, actorRole: 'system', requestId: null, correlationId: 'bench', causationId: null };

// A vocabulary of 5,000 words; each monitor names a brand of its own (brand0..brandN) in one of
// the query shapes people write, so about one item in ten mentions a few monitors.
const WORDS = Array.from({ length: 5_000 }, (_, i) => `w${i.toString(36)}`);
const word = () => WORDS[Math.floor(Math.random() * WORDS.length)]!;
const brand = (i: number) => `brand${i}`;

function definitionOf(i: number): MonitorDefinition {
  const shapes = [
    `${brand(i)}`,
    `"${brand(i)} group" OR ${brand(i)}`,
    `${brand(i)} AND NOT ${word()}`,
    `(${brand(i)} OR ${word()}x) AND ${word()}`,
    `${brand(i)} ${word()}`,
  ];
  return { name: `Monitor ${i}`, query: shapes[i % shapes.length]!, sources: ['news', 'announcement'], beats: i % 7 === 0 ? ['business'] : [], outlets: [], countries: i % 11 === 0 ? ['AU'] : [], emailDigest: false };
}

function itemText(): string {
  const words = Array.from({ length: 40 }, word);
  if (Math.random() < 0.1) for (let k = 0; k < 3; k++) words[Math.floor(Math.random() * words.length)] = brand(Math.floor(Math.random() * MONITORS));
  return words.join(' ');
}

async function seedMonitors(core: Core): Promise<void> {
  for (let start = 1; start <= MONITORS; start += 1000) {
    await core.commands.transaction(async (unit) => {
      const streams = Array.from({ length: Math.min(1000, MONITORS - start + 1) }, (_, k) => {
        const monitorId = start + k;
        const data = { accountId: 1 + (monitorId % ACCOUNTS), monitorId, definition: definitionOf(monitorId), createdBy: 1 };
        return { streamId: `monitor-${monitorId}`, events: [{ type: 'MonitorCreated', data } as AnyEvent], metadata };
      });
      await unit.startStreams(streams);
    });
    process.stderr.write(`\rmonitors ${fmt(Math.min(start + 999, MONITORS))}/${fmt(MONITORS)}`);
  }
  process.stderr.write('\n');
}

type Window = { label: string; items: number; latencies: number[]; cpuPerItemMs: number; mentions: number; appendMs: number[] };

/** Items at a steady rate for the window; each one's arrival, and when its mentions were pushed. */
async function run(core: Core, label: string, firstId: number, pushed: Map<string, number>, arrivals: Map<string, number>): Promise<Window> {
  const total = seconds * RATE;
  const appendMs: number[] = [];
  const cpu = process.cpuUsage();
  const begin = performance.now();
  const sends: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      // As many as the clock says are due: a steady rate even when a tick is late.
      const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * RATE));
      for (; sent < due; sent++) {
        const id = firstId + sent;
        const data = { id, feedId: 1, title: `Item ${id}`, summary: itemText(), link: `https://news.example/${id}`, outlet: 'The Bench', beats: ['business'], country: 'AU', publishedAt: new Date().toISOString() };
        const start = performance.now();
        sends.push(
          core.store.append(`news-item-${id}`, 'no_stream', [{ type: 'NewsItemAdded', data } as AnyEvent], metadata).then(() => {
            const now = performance.now();
            appendMs.push(now - start);
            arrivals.set(String(id), now);
          }),
        );
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(sends);
  await core.processors.caughtUp();
  const used = process.cpuUsage(cpu);
  const latencies: number[] = [];
  let mentions = 0;
  for (let id = firstId; id < firstId + total; id++) {
    const at = pushed.get(String(id));
    if (at === undefined) continue;
    mentions += 1;
    latencies.push(at - arrivals.get(String(id))!);
  }
  return { label, items: total, latencies: latencies.sort((a, b) => a - b), cpuPerItemMs: (used.user + used.system) / 1000 / total, mentions, appendMs: appendMs.sort((a, b) => a - b) };
}

const url = await freshDatabase(DATABASE);
let core: Core | null = null;
try {
  // When each item's mentions were handed to the sockets (the first push of that item).
  const pushed = new Map<string, number>();
  const arrivals = new Map<string, number>();
  const matcher = monitorMatcher({
    onMentions(messages) {
      const now = performance.now();
      for (const { payload } of messages) if (!pushed.has(payload.mention.sourceId)) pushed.set(payload.mention.sourceId, now);
    },
  });
  core = await openCore({ database: { kind: 'postgres', url }, redisUrl: null, model: { ...productModel, processors: [matcher] }, log: createLog('warn'), runner: { pollMs: 250 } });
  await startProcessing(core);

  process.stderr.write(`no monitors: ${fmt(RATE)} items/s for ${seconds} s...\n`);
  const bare = await run(core, 'no monitors', 1, pushed, arrivals);
  await seedMonitors(core);
  await core.processors.caughtUp();
  process.stderr.write(`${fmt(MONITORS)} monitors: ${fmt(RATE)} items/s for ${seconds} s...\n`);
  const watched = await run(core, `${fmt(MONITORS)} monitors`, 1_000_000, pushed, arrivals);

  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  console.log(`\nbench:monitor  ${fmt(RATE)} outside items/s for ${seconds} s each, PostgreSQL, load average ${one} ${five} ${fifteen} (${os.cpus().length} cores)\n`);
  console.log('| window | items | items with mentions | arrival -> stored + pushed p50 / p99 / max (ms) | append p50 / p99 (ms) | CPU per item (ms) |');
  console.log('|---|---|---|---|---|---|');
  for (const w of [bare, watched]) {
    const live = w.latencies.length === 0 ? '-' : `${fmt(percentile(w.latencies, 50), 1)} / ${fmt(percentile(w.latencies, 99), 1)} / ${fmt(w.latencies.at(-1)!, 1)}`;
    console.log(`| ${w.label} | ${fmt(w.items)} | ${fmt(w.mentions)} | ${live} | ${fmt(percentile(w.appendMs, 50), 1)} / ${fmt(percentile(w.appendMs, 99), 1)} | ${fmt(w.cpuPerItemMs, 3)} |`);
  }
} finally {
  await core?.close();
  await dropDatabase(DATABASE);
}
