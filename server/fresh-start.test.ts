import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/ports.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-fresh-'));
let stop: (() => void) | null = null;

afterAll(() => {
  stop?.();
  fs.rmSync(workDir, { recursive: true, force: true });
});


describe('a fresh machine', () => {
  it('starts the server with no configuration at all: embedded database in ./data, health ok', async () => {
    const port = await freePort();
    // Nothing but PATH and HOME, and a port free on this machine; the working directory is empty.
    // Node with tsx's loader, not the tsx command: that one passes SIGTERM on and kills the server
    // outright (exit 143) when the server does not say it heard it within 30 ms, as on a busy machine.
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(root, 'server/main.ts')], {
      cwd: workDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) },
      stdio: 'ignore',
    });
    stop = () => child.kill('SIGTERM');
    const deadline = Date.now() + 60_000;
    let health: { status: number; body: any } | null = null;
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
        health = { status: response.status, body: await response.json() };
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(child.exitCode).toBeNull();
    expect(health?.status).toBe(200);
    expect(health?.body).toMatchObject({ status: 'ok', database: { status: 'ok', driver: 'pglite' }, redis: { status: 'not configured' } });
    expect(fs.existsSync(path.join(workDir, 'data', 'PG_VERSION'))).toBe(true);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    stop = null;
  }, 90_000);
});
