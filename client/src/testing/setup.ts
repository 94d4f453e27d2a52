import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installReadableErrors } from '../../../contracts/error-map.ts';

// Testing Library's async helpers (and user-event through them) wait on a zero-delay timer,
// which they advance themselves only when they find Jest's fake timers: under vitest's fake
// timers that wait would never end without this.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// As main.tsx does: the forms' own judgements read as the app shows them.
installReadableErrors();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
