import { describe, expect, it } from 'vitest';
import { createLog } from '../log.ts';
import { msUntilDue, PollLoop } from './poll-loop.ts';

const quiet = createLog('silent');

describe('a poll loop', () => {
  it('looks at once, sleeps as long as its look says, wakes when poked, and stops after the look under way', async () => {
    const looks: number[] = [];
    const loop = new PollLoop({ look: async () => void looks.push(Date.now()), pollMs: 60_000, log: quiet, failure: 'x' });
    loop.start();
    await expect.poll(() => looks.length).toBe(1);
    loop.poke();
    await expect.poll(() => looks.length).toBe(2);
    await loop.stop();
    loop.poke();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(looks).toHaveLength(2);
  });

  it('goes on after a look that failed, a whole poll later or when poked, and logs why', async () => {
    const lines: string[] = [];
    const log = createLog('error', { destination: { write: (line: string) => void lines.push(line) } });
    let calls = 0;
    const loop = new PollLoop({
      look: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return 0;
      },
      pollMs: 60_000,
      log,
      failure: 'could not look',
    });
    loop.start();
    await expect.poll(() => lines.length).toBe(1);
    loop.poke();
    await expect.poll(() => calls).toBeGreaterThan(2);
    await loop.stop();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'could not look', err: { message: 'database away' } });
  });
});

describe('the time until something falls due', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it('is the whole poll when nothing is due, no more than the poll, and nothing for what is overdue', () => {
    expect(msUntilDue(null, now, 1000)).toBe(1000);
    expect(msUntilDue(new Date('2026-11-26T10:00:00.250Z'), now, 1000)).toBe(250);
    expect(msUntilDue('2026-11-26T11:00:00Z', now, 1000)).toBe(1000);
    expect(msUntilDue(new Date('2026-11-26T09:00:00Z'), now, 1000)).toBe(0);
  });
});
