import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ARGS, nodeFlags, npmScripts } from './fixtures.ts';

describe('the Node flags the app runs with', () => {
  const flags = nodeFlags(npmScripts.start!);

  it('are the same in the image and in the benches as in npm start', () => {
    expect(flags.length).toBeGreaterThan(0);
    expect(APP_ARGS.slice(0, flags.length)).toEqual(flags);
    const imageCommand = JSON.parse(readFileSync('Dockerfile', 'utf8').match(/^CMD (\[.*\])$/m)![1]!) as string[];
    expect(imageCommand).toEqual(['node', ...flags, '--import', 'tsx', 'server/main.ts']);
  });

  it('are the same for a replay and its bench, which rebuild in their own process', () => {
    expect(nodeFlags(npmScripts.replay!)).toEqual(flags);
    expect(nodeFlags(npmScripts['bench:replay']!)).toEqual(flags);
  });
});
