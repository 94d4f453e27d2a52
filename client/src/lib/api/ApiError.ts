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

  constructor(status: number, body: { errors?: string[]; detail?: string; [field: string]: unknown } = {}, options?: { cause?: unknown }) {
    const errors = body.errors ?? [];
    super(errors.join('\n') || body.detail || (status ? `Request failed with status ${status}` : 'Request failed'), options);
    this.status = status;
    this.errors = errors;
    this.body = body;
    if (body.detail !== undefined) this.detail = body.detail;
  }
}
