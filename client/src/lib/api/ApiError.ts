/**
 * A request that failed: `status` is the HTTP status (0 when no answer came back), `errors`
 * the server's lines for the person (validation, business rules), `detail` its one sentence,
 * `body` everything the server answered (flags such as `twoFactorRequired`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: string[];
  readonly detail?: string;
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: ApiErrorBody = {}, options?: { cause?: unknown }) {
    const errors = body.errors ?? [];
    super(errors.join('\n') || body.detail || (status ? `Request failed with status ${status}` : 'Request failed'), options);
    this.status = status;
    this.errors = errors;
    this.body = body;
    if (body.detail !== undefined) this.detail = body.detail;
  }
}

export type ApiErrorBody = { errors?: string[]; detail?: string; [field: string]: unknown };

/** What a failed answer said, with `errors` and `detail` kept only when they have the API's shape. */
export function errorBodyFrom(value: unknown): ApiErrorBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const { errors, detail, ...rest } = value as Record<string, unknown>;
  return {
    ...rest,
    ...(Array.isArray(errors) && errors.every((line) => typeof line === 'string') ? { errors } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
  };
}
