import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const debianChromium = '/usr/bin/chromium';

// Flags measured with Debian's Chromium on this machine kind (shared TOOLCHAIN.md): without the
// network ones it phones home at start, without --no-sandbox it cannot start as root in a container.
const debianChromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// @sparticuz/chromium's flags are tuned for AWS Lambda. With --single-process the browser dies
// when the first test's context closes (seen here: the next newPage fails), and the next two
// would let pages skip the same-origin and mixed-content rules a person's browser enforces.
// The rest draw every frame through SwiftShader's software OpenGL: without them (and with
// --disable-gpu) the writing spec took a third of the CPU (20 s against 61 s) and half the time.
const lambdaOnlyArgs = new Set([
  '--single-process',
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--in-process-gpu',
]);

// `npx playwright install` cannot download here, so a fresh clone falls back to the Chromium
// that ships inside the @sparticuz/chromium npm package.
export async function chromiumLaunchOptions(): Promise<LaunchOptions> {
  if (existsSync(debianChromium)) {
    return { executablePath: debianChromium, args: debianChromiumArgs };
  }
  const { default: packagedChromium } = await import('@sparticuz/chromium');
  return {
    executablePath: await packagedChromium.executablePath(),
    args: [...packagedChromium.args.filter((arg) => !lambdaOnlyArgs.has(arg)), '--disable-gpu'],
  };
}
