import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ValidationFailed } from '../errors.ts';

const NOT_MULTIPART = 'Send the file as multipart/form-data';
const ONE_FILE = 'Send one file at a time';
const BROKEN_FORM = 'The upload was cut off or is not a valid form. Try again.';

const TOO_MANY = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
// @fastify/busboy reports a body that ends early or has no boundary with plain errors.
const BUSBOY_REFUSAL = /^(?:Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Malformed part header)$/;

/** The refusal a broken or wrong multipart body deserves, or null when `error` is something else. */
function refusalOf(error: unknown): ValidationFailed | null {
  if (!(error instanceof Error)) return null;
  const { code } = error as { code?: string };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ValidationFailed([NOT_MULTIPART], 415);
  if (code && TOO_MANY.has(code)) return new ValidationFailed([ONE_FILE], 413);
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE' || BUSBOY_REFUSAL.test(error.message)) return new ValidationFailed([BROKEN_FORM], 400);
  return null;
}

/**
 * Hands the request's first file to `use`, which reads it. A body that is not multipart, has
 * more parts than allowed or breaks off is the sender's mistake, whether the parser notices
 * at the start or while `use` streams the file: it answers 415, 413 or 400 with a line.
 */
export async function withUploadedFile<T>(request: FastifyRequest, use: (part: MultipartFile | undefined) => Promise<T>): Promise<T> {
  try {
    return await use(await request.file());
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}
