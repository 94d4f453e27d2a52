/**
 * A request that failed: `status` is the HTTP status (0 when no answer came back), `errors`
 * the server's lines for the person (validation, business rules), `fields` those lines by the
 * path of the input they are about (`phones.mobile`), `detail` its one sentence, `body`
 * everything the server answered (flags such as `twoFactorRequired`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: string[];
  readonly fields: FieldLines;
  readonly detail?: string;
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: ApiErrorBody = {}, options?: { cause?: unknown }) {
    const errors = body.errors ?? [];
    super(errors.join('\n') || body.detail || (status ? `Request failed with status ${status}` : 'Request failed'), options);
    this.status = status;
    this.errors = errors;
    this.fields = body.fields ?? {};
    this.body = body;
    if (body.detail !== undefined) this.detail = body.detail;
  }
}

/** Lines of a refused input by the path of the field they are about: `{ 'emails.1': ['Email is not valid'] }`. */
export type FieldLines = Readonly<Record<string, readonly string[]>>;

export type ApiErrorBody = { errors?: string[]; fields?: Record<string, string[]>; detail?: string; [field: string]: unknown };

const isLines = (value: unknown): value is string[] => Array.isArray(value) && value.every((line) => typeof line === 'string');

/** What a failed answer said, with `errors`, `fields` and `detail` kept only when they have the API's shape. */
export function errorBodyFrom(value: unknown): ApiErrorBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const { errors, fields, detail, ...rest } = value as Record<string, unknown>;
  const byPath = typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? Object.entries(fields).filter(([, lines]) => isLines(lines)) : [];
  return {
    ...rest,
    ...(isLines(errors) ? { errors } : {}),
    ...(byPath.length > 0 ? { fields: Object.fromEntries(byPath) as Record<string, string[]> } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
  };
}
