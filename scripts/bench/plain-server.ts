/**
 * The baselines of npm run bench:api: the least an HTTP write and an HTTP read can cost on this
 * stack. The same Fastify, the same JSON body parsing, a pg Pool of 20 like the app's, and one
 * parameterised statement each: an INSERT of a row shaped like a like into `bench_plain_likes`
 * (made by the bench), and a SELECT of one posts row by its primary key. No session, no
 * validation, no event: what the app adds on top shows beside them.
 *
 *   DATABASE_URL  the bench's database
 *   PORT          where to listen, on 127.0.0.1
 */
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT);

type PlainLike = { targetKind: string; targetId: number; userId: number };

const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, min: 20 });
// The app runs at LOG_LEVEL=warn in the bench: the same logger setting keeps the comparison fair.
const app = Fastify({ logger: { level: 'warn' } });

app.post<{ Body: PlainLike }>('/plain', async (request) => {
  const { targetKind, targetId, userId } = request.body;
  await pool.query('insert into bench_plain_likes (target_kind, target_id, user_id, liked_at) values ($1, $2, $3, now())', [targetKind, targetId, userId]);
  return { ok: true };
});

app.get<{ Querystring: { id: string } }>('/plain', async (request) => {
  const { rows } = await pool.query({ name: 'plain_select', text: 'select * from posts where id = $1', values: [Number(request.query.id)] });
  return rows[0] ?? null;
});

await app.listen({ host: '127.0.0.1', port });

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
