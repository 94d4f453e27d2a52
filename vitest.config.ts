import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: the server suites share one global database setup and run in forks; the
// client suites run in jsdom and never touch the database, most of them in a jsdom per worker.
// Suites whose behaviour rests on the window's own history (jsdom's :focus-visible remembers the
// last key and pointer events it saw): in a jsdom shared with other files keyboard focus was
// once in about ten runs not seen as such, so they get a window of their own.
const windowBound = ['client/src/ui/Tooltip.test.tsx'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. The server
    // suites mostly wait on the database, so three files at a time keep both cores busy
    // (server suites in CI: about 260 s alone, 112 s three at a time).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/testing/global-setup.ts'],
          pool: 'forks',
          // Every file opens its own database and app; sharing the module graph between the files
          // of a worker spares importing the whole server again for each of them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          exclude: windowBound,
          environment: 'jsdom',
          // One jsdom and module graph per worker rather than per file: the client suites took 97 s
          // on two cores, 20 s so. The setup file clears what the app keeps between renders.
          isolate: false,
          setupFiles: ['client/src/testing/setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client-isolated',
          include: windowBound,
          environment: 'jsdom',
          setupFiles: ['client/src/testing/setup.ts'],
        },
      },
    ],
  },
});
