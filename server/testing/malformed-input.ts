import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * Arbitraries for requests a careless or hostile client sends: the route's own fields with
 * wrong types, numbers no column holds, characters PostgreSQL refuses, prototype keys,
 * deep nesting and huge strings, beside values that are almost right.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  'half \ud800 pair',
  '\udc00',
  '99999999999999999999',
  '-1',
  '0',
  '1e309',
  ' 1',
  'NaN',
  '',
  '   ',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '👩‍👩‍👧 family',
  'שלום עולם',
  '%00',
  'x'.repeat(70_000),
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, 1e20, -1e20, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deeplyNested = fc.integer({ min: 20, max: 200 }).map((depth) => JSON.parse(nested(depth)) as unknown);

/** Any JSON value at all, leaning towards the ones that break servers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: deeplyNested },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function branches(schema: JsonSchema): JsonSchema[] | null {
  return schema.anyOf ?? schema.oneOf ?? null;
}

/** A value shaped like `schema` most of the time, with hostile values mixed in at every level. */
function valueFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const options = branches(schema);
  if (options) return fc.oneof(...options.map((option) => valueFor(option, depth)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], depth);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), hostileValue);
  if (schema.enum) return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: hostileValue });
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (depth > 4) return hostileValue;
  switch (type) {
    case 'object':
      return objectFor(schema, depth);
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      return fc.oneof({ weight: 3, arbitrary: fc.array(items ? valueFor(items, depth + 1) : hostileValue, { maxLength: 4 }) }, { weight: 1, arbitrary: hostileValue });
    }
    case 'string':
      return fc.oneof({ weight: 2, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostileValue });
    case 'integer':
    case 'number':
      return fc.oneof({ weight: 2, arbitrary: fc.integer({ min: 0, max: 50 }) }, { weight: 2, arbitrary: hostileNumber }, { weight: 1, arbitrary: hostileValue });
    case 'boolean':
      return fc.oneof({ weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: hostileValue });
    default:
      return hostileValue;
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, field]) => [key, valueFor(field, depth + 1)]));
  return fc.oneof(
    { weight: 5, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record(fields) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A JSON body for a route: its own shape bent, any JSON, or text that is not JSON at all. */
export function bodyFor(route: RouteOptions): fc.Arbitrary<{ payload: string; contentType: string }> {
  const schema = jsonSchemaOf(route.schema?.body);
  const json = (schema ? valueFor(schema, 0) : hostileValue).map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' }));
  const withPrototypeKey = json.map(({ payload, contentType }) => ({
    contentType,
    payload: payload.startsWith('{') && payload !== '{}' ? `{"__proto__":{"admin":true},${payload.slice(1)}` : '{"__proto__":{"admin":true}}',
  }));
  const broken = fc
    .oneof(
      fc.constantFrom('{"content":', '{"a":1}}', 'nul', '"\\u0000"', '{"content":"\\ud800"}', '{"\\u0000":1}', ''),
      fc.integer({ min: 1_000, max: 100_000 }).map((depth) => `{"content":${nested(depth)}}`),
      fc.string({ maxLength: 50 }),
    )
    .map((payload) => ({ payload, contentType: 'application/json' }));
  const otherTypes = fc.constantFrom(
    { payload: 'content=hello', contentType: 'application/x-www-form-urlencoded' },
    { payload: 'hello', contentType: 'text/plain' },
  );
  return fc.oneof({ weight: 6, arbitrary: json }, { weight: 1, arbitrary: withPrototypeKey }, { weight: 1, arbitrary: broken }, { weight: 1, arbitrary: otherTypes });
}

const BOUNDARY = 'pressroomBoundary';

/** A multipart body, whole or broken: cut off, a part without headers, a wrong boundary. */
export const multipartBody: fc.Arbitrary<{ payload: string; contentType: string }> = fc
  .record({
    field: fc.constantFrom('file', 'avatar', 'other', 'fi\u0000le'),
    filename: fc.constantFrom('a.png', '', '\u0000.png', '../../x.png', 'x'.repeat(300)),
    content: fc.constantFrom('\x89PNG\r\n\x1a\n', 'GIF89a', 'plain text', ''),
    cut: fc.nat({ max: 200 }),
    boundary: fc.constantFrom(BOUNDARY, 'other', ''),
  })
  .map(({ field, filename, content, cut, boundary }) => {
    const whole = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`;
    return { payload: cut > 0 && cut < whole.length ? whole.slice(0, cut) : whole, contentType: boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data' };
  });

/** A query string: the route's own keys with hostile values, and keys it does not know. */
export function queryFor(route: RouteOptions): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema?.querystring);
  const keys = [...Object.keys(schema?.properties ?? {}), 'unknown', '__proto__'];
  const value = fc.oneof(hostileString, hostileNumber.map(String));
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, v]) => `${encodeURIComponent(key)}=${encodeLoosely(v)}`).join('&'));
}

// encodeURIComponent throws on half of a surrogate pair; a client that sends one anyway sends
// the bytes of its CESU-8 form, which are not UTF-8.
function encodeLoosely(value: string): string {
  return [...value].map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

/** A path segment in place of a parameter: a real value of the right kind, or one that names nothing. */
export function segmentFor(realValues: string[]): fc.Arbitrary<string> {
  const hostile = fc.constantFrom(
    '99999999999999999999',
    '9007199254740993',
    '%201',
    '1%20',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '%00',
    '%ED%A0%80',
    '%F0%9F%98%80',
    'abc',
    'x'.repeat(300),
    '%25',
    '..%2F..',
  );
  return realValues.length > 0 ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...realValues) }, { weight: 3, arbitrary: hostile }) : hostile;
}
