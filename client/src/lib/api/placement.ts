import type { FieldLines } from './ApiError.ts';

/**
 * A refusal's lines where a form shows them: those the server tied to a field by that field's
 * path (`emails.1`), and the rest for the form as a whole, in the order they came.
 */
export function placeLines(lines: readonly string[], fields: FieldLines): { byPath: Record<string, string[]>; rest: string[] } {
  const placed = new Set(Object.values(fields).flat());
  return {
    byPath: Object.fromEntries(Object.entries(fields).map(([path, said]) => [path, [...said]])),
    rest: lines.filter((line) => !placed.has(line)),
  };
}
