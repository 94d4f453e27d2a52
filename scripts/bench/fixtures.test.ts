import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ARGS, startFlags } from './fixtures.ts';

const startScript = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;

describe('how the benches start the app', () => {
  it('with the Node flags of npm start, as the image starts it too', () => {
    const flags = startFlags(startScript);
    expect(APP_ARGS.slice(0, flags.length)).toEqual(flags);
    const imageCommand = JSON.parse(readFileSync('Dockerfile', 'utf8').match(/^CMD (\[.*\])$/m)![1]!) as string[];
    expect(imageCommand).toEqual(['node', ...flags, '--import', 'tsx', 'server/main.ts']);
  });
});
