const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

// Truncated, not rounded: 999,999 likes must not read as a million.
function truncated(value: number): string {
  return oneDecimal.format(Math.trunc(value * 10) / 10);
}

/** Spec section 9: numbers above 1000 are shortened with k and m (1.2k, 3.4m). */
export function compactNumber(n: number): string {
  const size = Math.abs(n);
  if (size <= 1000) return String(n);
  if (size < 1_000_000) return `${truncated(n / 1000)}k`;
  return `${truncated(n / 1_000_000)}m`;
}

const units = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Spec section 9: file sizes in bytes, KiB and so on (powers of 1024). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes;
  let unit: (typeof units)[number] = 'KiB';
  for (const candidate of units) {
    value /= 1024;
    unit = candidate;
    if (value < 1024) break;
  }
  return `${oneDecimal.format(value)} ${unit}`;
}
