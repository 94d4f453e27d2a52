/**
 * npm run bench:interviews: text answers from 200 concurrent answerers into one interview over
 * HTTP against the real PostgreSQL, beside the plain INSERT route of bench:api in the same run,
 * and how long an answer takes to reach the interviewer's open page (its socket in the
 * interview's room) after the answerer has the HTTP answer.
 *
 *   DATABASE_URL   the server to use (default postgres://postgres@127.0.0.1:5432/postgres); the
 *                  bench works in a database of its own, pressroom_bench_interviews, made anew
 *                  and dropped at the end
 *   BENCH_SECONDS  measured time of each row (default 10), and of the delivery's timing
 *   BENCH_ROUNDS   how many windows a row's time is cut into (default 3): the plain route and the
 *                  workload run in turns, each window after a 2 s warm-up
 *   BENCH_RATE     answers a second offered while delivery is timed (default 200)
 *
 * Each answerer has one response and answers the interview's one text question again and
 * again: a second answer replaces the first until the deadline, so every request writes.
 */
import type autocannon from 'autocannon';
import { APP_ARGS, appReady, dropDatabase, fmt, freshDatabase, percentile, pick, preparePlainTable, seed, startChild, startPlainServer, stopChild, type Child } from './fixtures.ts';
import { headers, measureInTurns, printRates, send, timeDelivery } from './live-load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DATABASE = 'pressroom_bench_interviews';
const ANSWERERS = 200;
const WARMUP_SECONDS = 2;
const load = { connections: ANSWERERS, seconds, warmupSeconds: WARMUP_SECONDS, rounds };

type Answerer = { id: number; token: string };

/** Answers offered at a steady rate, the answerers in turn: when each had its answer, and when the interviewer's page got it. */
async function delivery(app: Child, interviewer: string, interviewId: number, questionId: number, answerers: Answerer[]) {
  const open = { type: 'open' as const, url: app.base, tokens: [interviewer], watch: 'interview:answered' as const, rooms: [`interview:${interviewId}`] };
  const timed = await timeDelivery(open, RATE, seconds, async (i) => {
    const key = 1_000_000_000 + i;
    // Each answerer in turn, once a second at 200/s: two answers of one person a few
    // milliseconds apart go in one transaction, and the page shows only the second, as it should.
    const { status, at } = await send('PUT', app.base, `/api/v1/interviews/${interviewId}/answers/${questionId}`, answerers[i % answerers.length]!.token, { text: `Answer ${key}` });
    return status === 200 ? { key, at } : null;
  });
  return { ...timed, missing: timed.sent - timed.latencies.length };
}

const url = await freshDatabase(DATABASE);
const started: Child[] = [];
try {
  process.stderr.write(`seeding ${fmt(ANSWERERS + 1)} people...\n`);
  const { tokens, userIds } = await seed(url, { users: ANSWERERS + 1, posts: 1, historyDays: 1 });
  const version = await preparePlainTable(url);
  const app = await startChild({ name: 'app', args: APP_ARGS, databaseUrl: url, ready: appReady });
  started.push(app);
  const plain = await startPlainServer(url);
  started.push(plain);

  // The seed gives roles in turn, a journalist first: the interviewer.
  const interviewer = tokens[0]!;
  const answerers: Answerer[] = userIds.slice(1).map((id, i) => ({ id, token: tokens[i + 1]! }));
  const deadline = new Date(Date.now() + 86_400_000).toISOString();
  const created = await send<{ id: number; questions: { id: number }[] }>('POST', app.base, '/api/v1/interviews', interviewer, {
    title: 'Rents this year',
    brief: 'What you pay and why',
    deadline,
    questions: [{ kind: 'text', text: 'What changed for you?', maxLength: 2000 }],
  });
  if (created.status !== 201) throw new Error(`could not create the interview: ${created.status} ${JSON.stringify(created.answer)}`);
  const interviewId = created.answer.id;
  const questionId = created.answer.questions[0]!.id;
  const published = await send('POST', app.base, `/api/v1/interviews/${interviewId}/publish`, interviewer, {});
  if (published.status !== 200) throw new Error(`could not publish the interview: ${published.status}`);
  // Every answerer's response exists before the clock starts: the bench times answers, not first visits.
  for (const answerer of answerers) {
    const first = await send('PUT', app.base, `/api/v1/interviews/${interviewId}/answers/${questionId}`, answerer.token, { text: 'First thoughts' });
    if (first.status !== 200) throw new Error(`answerer ${answerer.id} could not answer: ${first.status} ${JSON.stringify(first.answer)}`);
  }
  process.stderr.write(`${ANSWERERS} answerers; measuring (${rounds} rounds of each row, ${WARMUP_SECONDS} s warm-up + ${fmt(seconds / rounds, 1)} s)...\n`);

  const plainInsert: autocannon.Request = {
    method: 'POST',
    setupRequest: (request) => ({ ...request, path: '/plain', headers: headers(pick(answerers).token), body: JSON.stringify({ targetKind: 'answer', targetId: interviewId, userId: pick(userIds) }) }),
  };
  let n = 0;
  const answer: autocannon.Request = {
    method: 'PUT',
    setupRequest: (request) => ({ ...request, path: `/api/v1/interviews/${interviewId}/answers/${questionId}`, headers: headers(pick(answerers).token), body: JSON.stringify({ text: `Answer ${++n}` }) }),
  };
  const { baseline, row: answers, ratios } = await measureInTurns(
    { name: 'plain INSERT route', server: plain, request: plainInsert },
    { name: `PUT a text answer, ${ANSWERERS} answerers, one interview`, server: app, request: answer },
    url,
    load,
  );
  process.stderr.write(`timing delivery at ${RATE} answers/s to the interviewer's page...\n`);
  const timed = await delivery(app, interviewer, interviewId, questionId, answerers);

  const ratio = answers.rate / baseline.rate;
  const p99 = percentile(timed.latencies, 99);
  console.log(`\nInterview answers on PostgreSQL ${version}, autocannon with ${ANSWERERS} connections, ${seconds} s per row in ${rounds} windows taken in turns with the plain route's, each after ${WARMUP_SECONDS} s of warm-up, same run\n`);
  printRates(baseline, answers);
  console.log(`\nBy round, against the plain route's window before it: ${ratios.map((one) => `${fmt(one * 100)}%`).join(', ')}`);
  console.log(`\nTo the interviewer's page at ${RATE} answers/s for ${seconds} s (${fmt(timed.sent)} answers, ${fmt(timed.latencies.length)} arrivals, ${fmt(timed.missing)} missing, ${fmt(timed.failed)} failed), from the answerer's HTTP answer to the interviewer's socket:`);
  console.log('\n| p50 ms | p90 ms | p99 ms | max ms |');
  console.log('|---:|---:|---:|---:|');
  console.log(`| ${fmt(percentile(timed.latencies, 50), 1)} | ${fmt(percentile(timed.latencies, 90), 1)} | ${fmt(p99, 1)} | ${fmt(timed.latencies.at(-1) ?? NaN, 1)} |`);
  console.log(`\nGoals: answers >= 70% of the plain route: ${fmt(ratio * 100)}% ${ratio >= 0.7 ? 'PASS' : 'FAIL'}; live p99 <= 30 ms: ${fmt(p99, 1)} ms ${p99 <= 30 ? 'PASS' : 'FAIL'}`);
  if (timed.missing > 0 || timed.failed > 0) process.exitCode = 1;
} finally {
  await Promise.all(started.map(stopChild));
  await dropDatabase(DATABASE);
}
