import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productModel } from '../model.ts';
import { buildTestApp } from '../testing/app.ts';
import { useTestCore } from '../testing/core.ts';
import { DOCS_PREFIX, isDescribed, OPENAPI_URL } from './api-reference.ts';

const t = useTestCore(productModel, { process: false });
const routes: RouteOptions[] = [];
let app: FastifyInstance;

type Parameter = { name: string; in: string };
type Operation = { parameters?: (Parameter | { $ref: string })[]; requestBody?: unknown; responses: Record<string, unknown> };
let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  app = await buildTestApp(t.core, { onRoute: (route) => routes.push(route) });
  // Read as a browser reads it: no X-Requested-With header, no session.
  const answer = await app.inject({ method: 'GET', url: OPENAPI_URL });
  expect(answer.statusCode, answer.body).toBe(200);
  document = answer.json();
});

afterAll(() => app?.close());

/** The API's routes as Fastify holds them: one per method, in OpenAPI's path notation. */
function apiRoutes() {
  return routes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter(() => isDescribed(route.url, route))
      .map((method) => ({ route, method: method.toLowerCase(), path: route.url.replace(/:(\w+)/g, '{$1}') })),
  );
}

const keysOf = (schema: unknown) => (schema instanceof z.ZodType && 'shape' in schema ? Object.keys((schema as z.ZodObject).shape) : []);
const namesIn = (operation: Operation, where: string) =>
  (operation.parameters ?? []).flatMap((parameter) => ('in' in parameter && parameter.in === where ? [parameter.name] : [])).sort();

describe('the API reference', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route of the API, with the parameters and body it validates', () => {
    const walked = apiRoutes();
    expect(walked.length).toBeGreaterThan(150);
    const problems = walked.flatMap(({ route, method, path }) => {
      const operation = document.paths[path]?.[method];
      // Fastify answers HEAD wherever it answers GET; only a HEAD of a route's own is described.
      if (!operation && method === 'head' && document.paths[path]?.get) return [];
      if (!operation) return [`${method.toUpperCase()} ${path} is missing`];
      const schema = route.schema ?? {};
      const found: string[] = [];
      // A route without a params schema (the upload protocol's) still names its parameters in its path.
      const pathNames = schema.params ? keysOf(schema.params) : [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const expected = { path: pathNames.sort(), query: keysOf(schema.querystring).sort() };
      if (JSON.stringify(namesIn(operation, 'path')) !== JSON.stringify(expected.path)) found.push(`path parameters ${namesIn(operation, 'path')} against ${expected.path}`);
      if (JSON.stringify(namesIn(operation, 'query')) !== JSON.stringify(expected.query)) found.push(`query parameters ${namesIn(operation, 'query')} against ${expected.query}`);
      if (Boolean(schema.body) !== Boolean(operation.requestBody)) found.push(schema.body ? 'its body is not described' : 'a body it does not take is described');
      if (!operation.parameters?.some((parameter) => '$ref' in parameter && parameter.$ref.endsWith('/XRequestedWith'))) found.push('the X-Requested-With header is not said');
      if (!operation.responses['422']) found.push('the error shape is not said');
      return found.map((line) => `${method.toUpperCase()} ${path}: ${line}`);
    });
    expect(problems).toEqual([]);
    // Nothing in the document that the server does not answer.
    const served = new Set(walked.map(({ method, path }) => `${method} ${path}`));
    const extra = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).filter((method) => !served.has(`${method} ${path}`)).map((method) => `${method} ${path}`));
    expect(extra).toEqual([]);
  });

  it('describes a body field as the server checks it', () => {
    const signUp = document.paths['/api/v1/auth/sign_up']!.post!.requestBody as { content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> };
    const schema = signUp.content['application/json']!.schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password', 'firstname', 'lastname']));
  });

  it('is browsable at /api/docs without the API header', async () => {
    const page = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
    // The rest of the API still refuses a call without it.
    expect((await app.inject({ method: 'GET', url: '/api/v1/communities' })).statusCode).toBe(403);
  });
});
