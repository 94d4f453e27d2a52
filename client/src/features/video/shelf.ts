import { createStore, del, set, values } from 'idb-keyval';
import type { Recording, RecordingShelf } from './recordings.ts';

let shelf: RecordingShelf | null = null;

/** Recordings in IndexedDB: blobs survive a closed tab, a crash and a restart of the browser. */
export function indexedDbShelf(): RecordingShelf {
  if (shelf) return shelf;
  const store = createStore('pressroom-recordings', 'recordings');
  shelf = {
    put: (recording) => set(recording.key, recording, store),
    delete: (key) => del(key, store),
    all: () => values<Recording>(store),
  };
  return shelf;
}
