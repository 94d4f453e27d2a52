/**
 * npm run bench:messages: sending messages over HTTP against the real PostgreSQL, beside a plain
 * Fastify route doing one INSERT in the same run, and how long a message takes to reach the
 * recipients' open sockets after its sender has the answer.
 *
 *   DATABASE_URL   the server to use (default postgres://postgres@127.0.0.1:5432/postgres); the
 *                  bench works in a database of its own, pressroom_bench_messages, made anew and
 *                  dropped at the end
 *   BENCH_SECONDS  measured time of each row (default 10), and of the delivery's timing
 *   BENCH_ROUNDS   how many windows a row's time is cut into (default 3): the plain route and the
 *                  workload run in turns, each window after a 2 s warm-up
 *   BENCH_RATE     messages a second offered while delivery is timed (default 200)
 *
 * Senders and recipients are PR people and experts: a journalist's cold-pitch protection would
 * refuse every sender's second message, which is the rule working, not a figure.
 */
import type autocannon from 'autocannon';
import { APP_ARGS, appReady, dropDatabase, fmt, freshDatabase, percentile, pick, preparePlainTable, seed, startChild, startPlainServer, stopChild, type Child } from './fixtures.ts';
import { headers, measureInTurns, printRates, send, timeDelivery } from './live-load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DATABASE = 'pressroom_bench_messages';
const USERS = 300;
const CONNECTIONS = 50;
const CONVERSATIONS = 50;
/** Open tabs per recipient while delivery is timed. */
const TABS = 3;
const WARMUP_SECONDS = 2;

type Pair = { conversationId: number; senderToken: string; recipientToken: string };

const load = { connections: CONNECTIONS, seconds, warmupSeconds: WARMUP_SECONDS, rounds };

/** Messages offered at a steady rate, each to a random conversation: when its sender had the answer, and when each tab got it. */
async function delivery(app: Child, pairs: Pair[]) {
  const open = { type: 'open' as const, url: app.base, tokens: pairs.flatMap((pair) => Array<string>(TABS).fill(pair.recipientToken)), watch: 'message:sent' as const };
  const timed = await timeDelivery(open, RATE, seconds, async (i) => {
    const pair = pick(pairs);
    const { status, answer, at } = await send<{ id: number }>('POST', app.base, `/api/v1/conversations/${pair.conversationId}/messages`, pair.senderToken, { content: `Timed ${i}` });
    return status === 201 ? { key: answer.id, at } : null;
  });
  return { ...timed, missing: timed.sent * TABS - timed.latencies.length };
}

const url = await freshDatabase(DATABASE);
const started: Child[] = [];
try {
  process.stderr.write(`seeding ${fmt(USERS)} people...\n`);
  const { tokens, userIds } = await seed(url, { users: USERS, posts: 1, historyDays: 1 });
  const version = await preparePlainTable(url);
  // The seed gives roles in turn: journalist, PR, expert. Pairs of the other two.
  const people = userIds.map((id, i) => ({ id, token: tokens[i]! })).filter((_, i) => i % 3 !== 0);
  const app = await startChild({ name: 'app', args: APP_ARGS, databaseUrl: url, ready: appReady, env: { MESSAGES_PER_MINUTE: '10000000' } });
  started.push(app);
  const plain = await startPlainServer(url);
  started.push(plain);

  const pairs: Pair[] = [];
  for (let i = 0; i < CONVERSATIONS; i++) {
    const sender = people[2 * i]!;
    const recipient = people[2 * i + 1]!;
    const { status, answer } = await send<{ id: number }>('POST', app.base, '/api/v1/conversations', sender.token, { participantIds: [recipient.id], content: 'Hello' });
    if (status !== 201) throw new Error(`could not start conversation ${i}: ${status}`);
    pairs.push({ conversationId: answer.id, senderToken: sender.token, recipientToken: recipient.token });
  }
  process.stderr.write(`${CONVERSATIONS} conversations; measuring (${rounds} rounds of each row, ${WARMUP_SECONDS} s warm-up + ${fmt(seconds / rounds, 1)} s)...\n`);

  const plainInsert: autocannon.Request = {
    method: 'POST',
    setupRequest: (request) => ({ ...request, path: '/plain', headers: headers(pick(pairs).senderToken), body: JSON.stringify({ targetKind: 'message', targetId: 1, userId: pick(userIds) }) }),
  };
  let n = 0;
  const sendMessage: autocannon.Request = {
    method: 'POST',
    setupRequest: (request) => {
      const pair = pick(pairs);
      return { ...request, path: `/api/v1/conversations/${pair.conversationId}/messages`, headers: headers(pair.senderToken), body: JSON.stringify({ content: `Message ${++n}` }) };
    },
  };
  const { baseline, row: sends, ratios } = await measureInTurns(
    { name: 'plain INSERT route', server: plain, request: plainInsert },
    { name: `POST a message to one of ${CONVERSATIONS} conversations`, server: app, request: sendMessage },
    url,
    load,
  );
  process.stderr.write(`timing delivery at ${RATE} messages/s to ${CONVERSATIONS * TABS} sockets...\n`);
  const timed = await delivery(app, pairs);

  const ratio = sends.rate / baseline.rate;
  const p99 = percentile(timed.latencies, 99);
  console.log(`\nMessages on PostgreSQL ${version}, autocannon with ${CONNECTIONS} connections, ${seconds} s per row in ${rounds} windows taken in turns with the plain route's, each after ${WARMUP_SECONDS} s of warm-up, same run\n`);
  printRates(baseline, sends);
  console.log(`\nBy round, against the plain route's window before it: ${ratios.map((one) => `${fmt(one * 100)}%`).join(', ')}`);
  console.log(`\nDelivery at ${RATE} messages/s for ${seconds} s to ${CONVERSATIONS} recipients with ${TABS} open tabs each (${fmt(timed.sent)} messages, ${fmt(timed.latencies.length)} arrivals, ${fmt(timed.missing)} missing, ${fmt(timed.failed)} failed sends), from the sender's HTTP answer to each tab:`);
  console.log('\n| p50 ms | p90 ms | p99 ms | max ms |');
  console.log('|---:|---:|---:|---:|');
  console.log(`| ${fmt(percentile(timed.latencies, 50), 1)} | ${fmt(percentile(timed.latencies, 90), 1)} | ${fmt(p99, 1)} | ${fmt(timed.latencies.at(-1) ?? NaN, 1)} |`);
  console.log(`\nGoals: sends >= 70% of the plain route: ${fmt(ratio * 100)}% ${ratio >= 0.7 ? 'PASS' : 'FAIL'}; delivery p99 <= 30 ms: ${fmt(p99, 1)} ms ${p99 <= 30 ? 'PASS' : 'FAIL'}`);
  if (timed.missing > 0 || timed.failed > 0) process.exitCode = 1;
} finally {
  await Promise.all(started.map(stopChild));
  await dropDatabase(DATABASE);
}
