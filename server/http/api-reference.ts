import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';

/** Where the reference is read: the document, and the browsable page over it. */
export const OPENAPI_URL = '/api/v1/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** The reference's own addresses are read by a browser's plain navigation, without the API's header. */
export const isReferenceUrl = (url: string) => url === OPENAPI_URL || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/** The API's own routes, as OpenAPI can describe them: not the reference itself, not a websocket. */
export const isDescribed = (url: string, route: { websocket?: boolean }) => url.startsWith('/api/') && !isReferenceUrl(url) && !route.websocket;

const errorBody = {
  type: 'object',
  description: 'Every refusal has this shape: `errors` lists what is wrong with the input, one line a field, in words meant for a person; `detail` says why anything else was refused.',
  properties: {
    errors: { type: 'array', items: { type: 'string' }, examples: [['Title is required', 'Deadline must be in the future']] },
    fields: {
      type: 'object',
      description: 'For input that fails its schema: the lines of `errors` by the path of the input they are about, for showing beside it.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      examples: [{ title: ['Title is required'], 'questions.1.text': ['Question 2 is required'] }],
    },
    detail: { type: 'string', examples: ['Sorry, you are not permitted to do this.'] },
  },
  additionalProperties: false,
} as const;

const ERRORS: Record<string, string> = {
  '400': 'The request is malformed or its input is invalid (`errors`)',
  '401': 'Signing in is needed',
  '403': 'Not permitted, or the X-Requested-With header is missing',
  '404': 'Nothing there, or nothing this caller may see',
  '409': 'Someone changed it first: read it again',
  '422': 'The input is well formed but cannot be accepted (`errors`)',
  '429': 'Too many requests: try again later',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Operation = { tags?: string[]; parameters?: unknown[]; responses?: Record<string, unknown> };
type Document = ReturnType<typeof jsonSchemaTransformObject> & { paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };

/**
 * What every operation shares and no route schema says: the header every call carries, the
 * session cookie, the shape of a refusal, and a tag by area so the reference reads by module.
 */
function withSharedRules(document: Document): Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const area = /^\/api\/v1\/([^/]+)/.exec(path)?.[1] ?? 'api';
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.tags = [area];
      operation.parameters = [{ $ref: '#/components/parameters/XRequestedWith' }, ...(operation.parameters ?? [])];
      operation.responses = { ...Object.fromEntries(Object.keys(ERRORS).map((status) => [status, { $ref: `#/components/responses/Error${status}` }])), ...operation.responses };
    }
  }
  return document;
}

/**
 * The API reference (OpenAPI 3.1), made from the routes' own zod schemas, so that it cannot say
 * other than what the server validates: the document at OPENAPI_URL and a browsable page at
 * DOCS_PREFIX. Only the API is described; pages, files and the socket are not part of it.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pressroom API',
        version: '1',
        description: [
          'Every call carries the header `X-Requested-With: XMLHttpRequest` (a cross-site form cannot set it) and, when signed in, the session cookie that `POST /api/v1/auth/sign_in` sets.',
          'Bodies and answers are JSON. A refusal answers 4xx with `errors` (one line per problem with the input) or `detail`; nothing of a refused write is kept.',
          'Changes are pushed to open clients over the socket at `/socket.io/`, described in the product specification rather than here.',
        ].join('\n\n'),
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by signing in; routes open to guests accept calls without it.' } },
        parameters: {
          XRequestedWith: { name: 'X-Requested-With', in: 'header', required: true, schema: { type: 'string', enum: ['XMLHttpRequest'], default: 'XMLHttpRequest' } },
        },
        schemas: { Error: errorBody },
        responses: Object.fromEntries(Object.entries(ERRORS).map(([status, description]) => [`Error${status}`, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }])),
      },
      security: [{ session: [] }, {}],
    },
    // A websocket route (the admins' event tail) is an upgrade, which OpenAPI cannot describe.
    transform: (input) => (isDescribed(input.url, input.route) ? jsonSchemaTransform(input) : { schema: { hide: true } as never, url: input.url }),
    transformObject: (input) => withSharedRules(jsonSchemaTransformObject(input) as Document),
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get(OPENAPI_URL, { schema: { hide: true } as never }, () => app.swagger());
}
