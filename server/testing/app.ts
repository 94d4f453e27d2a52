import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Core } from '../core.ts';
import type { AuthLimits } from '../modules/auth/rate-limits.ts';
import { createServices } from '../services.ts';

export const TEST_PUBLIC_URL = 'http://pressroom.test';

/** The real app on a test core, without a built client unless given one; development tools on. */
export async function buildTestApp(
  core: Core<any>,
  options: { limits?: AuthLimits; devTools?: boolean; uploads?: Partial<AppOptions['uploads']>; video?: AppOptions['video']; realtime?: AppOptions['realtime']; clientDir?: string; onRoute?: AppOptions['onRoute']; metrics?: AppOptions['metrics']; log?: { level: string; destination: NonNullable<AppOptions['logDestination']> } } = {},
) {
  const services = createServices(
    core,
    { env: 'test', stream: { apiKey: 'test-key', apiSecret: 'test-secret', apiUrl: null, push: false }, publicUrl: TEST_PUBLIC_URL, secureCookies: false, devTools: options.devTools ?? true },
    options.limits ? { limits: options.limits } : {},
  );
  // Uploads go to the test's directory, or else to one of this app's own that goes when it closes.
  const dir = options.uploads?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-uploads-'));
  const app = await buildApp(core, { logLevel: options.log?.level ?? process.env.TEST_LOG_LEVEL ?? 'silent', logDestination: options.log?.destination, services, realtime: options.realtime ?? null, clientDir: options.clientDir, onRoute: options.onRoute, metrics: options.metrics, uploads: { ...loadConfig({}).uploads, ...options.uploads, dir }, video: options.video });
  if (!options.uploads?.dir) app.addHook('onClose', async () => fs.rmSync(dir, { recursive: true, force: true }));
  return app;
}
