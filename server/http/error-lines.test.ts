import type { FastifyInstance, HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productModel } from '../model.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { seedDemo } from '../seed/demo.ts';
import { buildTestApp } from '../testing/app.ts';
import { useTestCore } from '../testing/core.ts';
import { signInAs, type Caller } from '../testing/people.ts';

/**
 * Every line the API answers a refused request with is written for a person: sent to every
 * route an empty body, every field with a wrong type and a field that does not exist, no line
 * may use zod's own wording or name an input by its path or its key in the code.
 */

const t = useTestCore(productModel, { process: false });
const routes: RouteOptions[] = [];
let app: FastifyInstance;
let admin: Caller;

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core, { onRoute: (route) => routes.push(route) });
  admin = await signInAs(app, 'admin@pressroom.local');
});

afterAll(() => app?.close());

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; enum?: unknown[]; const?: unknown };

const ZOD_WORDING = /Invalid input|expected \w+, received|Unrecognized key|Too small|Too big|Invalid option|Invalid (string|enum|element|key|union)|^Required$|must match pattern/i;
// `questions.0.text`, `links.twitter`, `/body/title`, or a line led by `title: `.
const MACHINE_PATH = /\b[a-z]\w*\.(\d+|[a-z]\w*)\b|\/\w+\/|^[\w.]+: /i;
const CAMEL_CASE = /\b[a-z]+[A-Z]\w*\b/;
const UNKNOWN_FIELD = 'favouriteColour';

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  return schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
}

function typesOf(schema: JsonSchema): Set<string> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return new Set(branches.flatMap((branch) => [...typesOf(branch)]));
  if (schema.enum || schema.const !== undefined) return new Set([...(schema.enum ?? [schema.const])].map((value) => (value === null ? 'null' : typeof value)));
  const types = [schema.type ?? []].flat();
  return new Set(types.map((type) => (type === 'integer' ? 'number' : type)));
}

const WRONG_VALUES: [type: string, value: unknown][] = [
  ['boolean', true],
  ['number', 12345],
  ['string', 'some words'],
  ['array', []],
  ['object', {}],
];

/** A value of a type the field does not take. */
function wrongValueFor(schema: JsonSchema): unknown {
  const types = typesOf(schema);
  return WRONG_VALUES.find(([type]) => !types.has(type))?.[1] ?? null;
}

/** Every property name of a schema, at any depth: the keys a line must not show as they are written in code. */
function keysOf(schema: JsonSchema | null): string[] {
  if (!schema) return [];
  const own = Object.entries(schema.properties ?? {}).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [...own, ...keysOf(schema.items ?? null), ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(keysOf)];
}

const methodOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method[0]! : route.method);

function apiRoutes(): RouteOptions[] {
  return routes.filter((route) => route.url.startsWith('/api/') && !route.url.includes('*') && !(route as { websocket?: boolean }).websocket && methodOf(route) !== 'HEAD');
}

/** A path with each parameter filled by a value its schema takes, so the request reaches the body's checks. */
function pathOf(route: RouteOptions): string {
  const params = jsonSchemaOf(route.schema?.params)?.properties ?? {};
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const schema = params[name];
    const choice = schema?.enum?.[0] ?? schema?.const ?? schema?.anyOf?.find((branch) => branch.enum ?? branch.const)?.enum?.[0];
    return encodeURIComponent(String(choice ?? '1'));
  });
}

type Case = { name: string; payload?: unknown; query?: string };

function casesFor(route: RouteOptions): Case[] {
  const body = jsonSchemaOf(route.schema?.body);
  const query = jsonSchemaOf(route.schema?.querystring);
  const cases: Case[] = [];
  if (body) {
    const wrong = Object.fromEntries(Object.entries(body.properties ?? {}).map(([key, field]) => [key, wrongValueFor(field)]));
    cases.push({ name: 'an empty body', payload: {} }, { name: 'wrong types', payload: body.properties ? wrong : wrongValueFor(body) }, { name: 'an unknown field', payload: { [UNKNOWN_FIELD]: 'blue' } });
  }
  if (query) {
    // A query holds only text: text that is no number, date or choice is its wrong type.
    const wrong = Object.keys(query.properties ?? {}).map((key) => `${encodeURIComponent(key)}=not%20this`);
    cases.push({ name: 'wrong query values', query: wrong.join('&') }, { name: 'an unknown query key', query: `${UNKNOWN_FIELD}=blue` });
  }
  return cases;
}

async function send(route: RouteOptions, sent: Case): Promise<LightMyRequestResponse> {
  const path = pathOf(route);
  const request = () =>
    app.inject({
      method: methodOf(route) as HTTPMethods,
      url: sent.query ? `${path}?${sent.query}` : path,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      cookies: { [SESSION_COOKIE]: admin.token },
      ...(sent.payload !== undefined ? { payload: JSON.stringify(sent.payload), headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' } } : {}),
    });
  const response = await request();
  if (response.statusCode !== 401) return response;
  // An empty body may have signed the admin out (sign-out takes none): sign in again and ask once more.
  admin = await signInAs(app, 'admin@pressroom.local');
  return request();
}

/** What a person could not read in an answer's lines. */
function unreadable(response: LightMyRequestResponse, codeKeys: readonly string[]): string[] {
  if (response.statusCode < 400 || response.statusCode >= 500) return [];
  const { errors = [], detail } = response.json() as { errors?: string[]; detail?: string };
  const lines = [...errors, ...(detail ? [detail] : [])];
  return lines.filter((line) => ZOD_WORDING.test(line) || MACHINE_PATH.test(line) || CAMEL_CASE.test(line) || codeKeys.some((key) => new RegExp(`\\b${key}\\b`).test(line)));
}

describe('every error line written for a person', () => {
  it('answers an empty body, wrong types and unknown fields on every route in words, never in zod’s or the code’s', async () => {
    const api = apiRoutes();
    expect(api.length).toBeGreaterThan(90);
    const failures: string[] = [];
    let validated = 0;
    for (const route of api) {
      const codeKeys = [...new Set([...keysOf(jsonSchemaOf(route.schema?.body)), ...keysOf(jsonSchemaOf(route.schema?.querystring))])].filter((key) => CAMEL_CASE.test(key));
      for (const sent of casesFor(route)) {
        const response = await send(route, sent);
        if (response.statusCode === 400) validated++;
        for (const line of unreadable(response, codeKeys)) failures.push(`${methodOf(route)} ${route.url} with ${sent.name}: ${response.statusCode} "${line}"`);
      }
    }
    // Most of those requests must have been judged by their schemas, or this proves little.
    expect(validated).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  }, 60_000);

  it('signing up without a last name says so in the spec’s words, and the form learns which field it is', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { firstname: 'Ada', email: 'ada@example.com', password: 'a long enough passphrase' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: expect.arrayContaining(['Last name is required']), fields: { lastname: ['Last name is required'] } });
  });

  it('a body that is not JSON answers 400 with a line', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/callouts',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      cookies: { [SESSION_COOKIE]: admin.token },
      payload: '{"title":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['The request body is not valid JSON'] });
  });
});
