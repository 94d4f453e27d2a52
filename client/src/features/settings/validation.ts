import type { z } from 'zod';
import { SOMETHING_WENT_WRONG } from '../../lib/api/index.ts';

/**
 * The first message the API's own schema gives for this input, or null when it passes: the
 * client judges with the server's schemas, so both say the same words.
 */
export function issueOf(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? SOMETHING_WENT_WRONG);
}

export const isCancelled = (error: unknown) => error instanceof Error && error.name === 'AbortError';
