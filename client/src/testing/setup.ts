import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installReadableErrors } from '../../../contracts/error-map.ts';
import { clearToasts } from '../ui/toast.tsx';

// Testing Library's async helpers (and user-event through them) wait on a zero-delay timer,
// which they advance themselves only when they find Jest's fake timers: under vitest's fake
// timers that wait would never end without this.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// A screen that loads its code when first wanted (the composer, the recorder) can take more
// than the default second to appear while two cores run a whole suite.
configure({ asyncUtilTimeout: 5_000 });

// As main.tsx does: the forms' own judgements read as the app shows them.
installReadableErrors();

// The suites share one module graph per worker (vitest.config.ts): nothing a file leaves in
// the app's singletons may reach the next one.
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
});
