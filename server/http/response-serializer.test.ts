import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.ts';

const person = z.object({ id: z.number().int(), name: z.string() });
const view = z.object({
  person,
  items: z.array(z.union([z.object({ kind: z.literal('note'), text: z.string() }), z.object({ kind: z.literal('count'), count: z.number() })])),
  next: z.number().int().nullable(),
  counts: z.record(z.string(), z.number()),
});
/** A view as handlers build them, from rows with more columns than the contract names. */
const built = {
  person: { id: 7, name: 'Ada', email: 'ada@example.com', passwordHash: 'x' },
  items: [
    { kind: 'note', text: 'Hello "you"\n', authorEmail: 'b@example.com' },
    { kind: 'count', count: 3, secret: true },
  ],
  next: null,
  counts: { likes: 2 },
  token: 'never sent',
};

async function appWith(crossCheck: boolean, schema: z.ZodType, data: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck }));
  app.get('/view', { schema: { response: { 200: schema } } }, async () => data);
  await app.ready();
  return app;
}

describe('responses written from their contracts', () => {
  it('write only what the contract names, field for field as zod encodes it, union branches included', async () => {
    for (const crossCheck of [true, false]) {
      const app = await appWith(crossCheck, view, built);
      const response = await app.inject({ method: 'GET', url: '/view' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(view.encode(built as never));
      expect(response.body).not.toMatch(/email|passwordHash|secret|token/);
      await app.close();
    }
  });

  it('refuse, outside production, an answer the fast writer and the contract write differently', async () => {
    // zod's encoding trims; JSON Schema has no word for it.
    const trimmed = z.object({ title: z.string().trim() });
    const checked = await appWith(true, trimmed, { title: '  Budget  ' });
    const refused = await checked.inject({ method: 'GET', url: '/view' });
    expect(refused.statusCode).toBe(500);
    await checked.close();

    const production = await appWith(false, trimmed, { title: '  Budget  ' });
    expect((await production.inject({ method: 'GET', url: '/view' })).body).toBe('{"title":"  Budget  "}');
    await production.close();
  });

  it('keep zod for a contract JSON Schema cannot state', async () => {
    const dated = z.object({ at: z.codec(z.iso.datetime(), z.date(), { decode: (text) => new Date(text), encode: (date) => date.toISOString() }) });
    const app = await appWith(true, dated, { at: new Date('2026-11-27T10:00:00Z') });
    const response = await app.inject({ method: 'GET', url: '/view' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"at":"2026-11-27T10:00:00.000Z"}');
    await app.close();
  });
});
