// Runs before `npm start` and `npm test`, so it may only use Node's own modules:
// node_modules may not exist yet.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = join(root, 'package-lock.json');
const modules = join(root, 'node_modules');
// npm rewrites this copy of the lock at the end of every install, so a lock file
// newer than it means dependencies changed since the last install (a pull, a merge).
const installedLock = join(modules, '.package-lock.json');

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : -Infinity);

function installCommand() {
  if (!existsSync(lockFile)) return existsSync(modules) ? null : 'install';
  if (!existsSync(modules) || mtime(lockFile) > mtime(installedLock)) return 'ci';
  return null;
}

const command = installCommand();
if (command) {
  console.log(`ensure-install: dependencies missing or out of date, running npm ${command}`);
  const result = spawnSync('npm', [command], {
    cwd: root,
    stdio: 'inherit',
    // npm is a .cmd shim on Windows, which only a shell can start.
    shell: process.platform === 'win32',
  });
  if (result.error) {
    console.error(`ensure-install: could not run npm: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`ensure-install: npm ${command} failed`);
    process.exit(result.status ?? 1);
  }
}
