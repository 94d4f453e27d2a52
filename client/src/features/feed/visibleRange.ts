/** Spec section 9: the virtual list renders what is within 200 px of the viewport, and never more than 1000 items. */
export const BUFFER_PX = 200;
export const RENDER_LIMIT = 1000;

export type Measured = { start: number; end: number };

/**
 * The indexes to render: those seen (from the virtualiser's range), widened to every item that
 * reaches into the buffer above or below the viewport, capped at the render limit.
 */
export function bufferedRange(measurements: readonly Measured[], visible: { startIndex: number; endIndex: number }, viewport: { top: number; bottom: number }, buffer = BUFFER_PX, limit = RENDER_LIMIT): number[] {
  if (measurements.length === 0 || visible.endIndex < visible.startIndex) return [];
  let start = Math.max(0, visible.startIndex);
  let end = Math.min(measurements.length - 1, visible.endIndex);
  while (start > 0 && measurements[start - 1]!.end > viewport.top - buffer) start--;
  while (end < measurements.length - 1 && measurements[end + 1]!.start < viewport.bottom + buffer) end++;
  end = Math.min(end, start + limit - 1);
  return Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
}
