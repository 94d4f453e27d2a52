import { storage } from '../lib/storage.ts';

const KEY = 'signIn.returnPath';

/** Spec section 2: the full path a guest asked for, kept until they sign in. */
export function saveReturnPath(path: string): void {
  storage.set(KEY, path);
}

export function takeReturnPath(): string | null {
  const path = storage.get<string>(KEY);
  storage.remove(KEY);
  return path;
}
