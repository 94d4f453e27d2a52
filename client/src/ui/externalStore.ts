import { useSyncExternalStore } from 'react';

/** State that lives outside React, so plain functions (showToast, confirmDialog) can change what a host component renders. */
export function createExternalStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => state;
  return {
    get,
    set(next: T) {
      state = next;
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}
