/**
 * Local storage whose entries expire (spec section 9: 14 days by default, expired entries
 * removed at start). Only keys under our prefix are ours to read, expire and purge: other
 * code on the origin (a chat widget, a browser extension) keeps its own entries.
 */
const PREFIX = 'pressroom:';
const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_STORAGE_DAYS = 14;

type Entry = { value: unknown; expiresAt: number };

function isEntry(candidate: unknown): candidate is Entry {
  return typeof candidate === 'object' && candidate !== null && 'value' in candidate && typeof (candidate as Entry).expiresAt === 'number';
}

function readEntry(fullKey: string): Entry | null {
  try {
    const raw = localStorage.getItem(fullKey);
    if (raw === null) return null;
    const entry: unknown = JSON.parse(raw);
    if (isEntry(entry) && entry.expiresAt > Date.now()) return entry;
    localStorage.removeItem(fullKey);
    return null;
  } catch {
    // Unreadable JSON, or storage refused outright (private modes, disabled cookies): as if absent.
    return null;
  }
}

export const storage = {
  get<T>(key: string): T | null {
    return (readEntry(PREFIX + key)?.value as T | undefined) ?? null;
  },
  set(key: string, value: unknown, { days = DEFAULT_STORAGE_DAYS }: { days?: number } = {}): void {
    const entry: Entry = { value, expiresAt: Date.now() + days * DAY_MS };
    try {
      localStorage.setItem(PREFIX + key, JSON.stringify(entry));
    } catch {
      // A full or refused storage loses a convenience (a remembered path, a dismissed banner), never data.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(PREFIX + key);
    } catch {
      // Nothing stored can be left behind in a storage that refuses access.
    }
  },
};

/** Removes every expired entry of ours; called once at start. */
export function purgeExpiredStorage(): void {
  try {
    const ours = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).filter(
      (key): key is string => key?.startsWith(PREFIX) === true,
    );
    for (const key of ours) readEntry(key);
  } catch {
    // Storage refused: there is nothing to purge.
  }
}
