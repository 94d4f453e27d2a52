// Runs before the server at `npm start`: builds the client when client/dist is missing or older
// than its sources, so a fresh clone and a pulled change both start with the client they carry.
// Only Node's own modules here, like ensure-install.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'client', 'dist', 'index.html');
// Vite bakes VITE_* variables into the bundle: a change of them needs a new build too.
const stamp = join(root, 'client', 'dist', '.build-env.json');
const sources = [join(root, 'client'), join(root, 'contracts'), join(root, 'package-lock.json')];
const skipped = new Set(['dist', 'node_modules']);

function newestMtime(path) {
  if (!existsSync(path)) return -Infinity;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (!skipped.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const viteEnv = JSON.stringify(
  Object.fromEntries(
    Object.entries(process.env)
      .filter(([name]) => name.startsWith('VITE_'))
      .sort(([a], [b]) => a.localeCompare(b)),
  ),
);
const builtEnv = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '{}';

function reason() {
  if (!existsSync(built)) return 'no client build yet';
  if (Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs) return 'client sources changed since the last build';
  if (builtEnv !== viteEnv) return 'VITE_ settings changed since the last build';
  return null;
}

const why = reason();
if (why) {
  console.log(`ensure-client-build: ${why}, building the client`);
  const result = spawnSync('npm', ['run', 'build:client'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error || result.status !== 0) {
    console.error(`ensure-client-build: the client build failed${result.error ? `: ${result.error.message}` : ''}`);
    process.exit(result.status || 1);
  }
  writeFileSync(stamp, viteEnv);
}
