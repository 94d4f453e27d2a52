/**
 * The whole model's rebuild in bench:replay, as `npm run replay` runs it: in a session of its own
 * (forked detached) and behind the app in the CPU's queue (yieldToServing). Forked with IPC, for the
 * database at DATABASE_URL: says `started` once it is about to rebuild, then `done` with the
 * rebuild's own seconds and its last step, or `error`.
 */
import { performance } from 'node:perf_hooks';
import { openCore } from '../../server/core.ts';
import { createLog } from '../../server/log.ts';
import { productModel } from '../../server/model.ts';
import { replayModel, yieldToServing } from '../../server/projections/replay.ts';

export type RebuildMessage = { type: 'started' } | { type: 'done'; seconds: number; lastStep: string } | { type: 'error'; message: string };

const say = (message: RebuildMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

yieldToServing();
const core = await openCore({ database: { kind: 'postgres', url: process.env.DATABASE_URL! }, redisUrl: null, log: createLog('warn'), model: productModel });
try {
  let lastStep = '';
  const keepLastStep = (line: string) => {
    if (line.startsWith('inline ') && line.includes('appended meanwhile')) lastStep = line;
  };
  const processors = productModel.processors.filter((p) => p.tables.length > 0);
  await say({ type: 'started' });
  const started = performance.now();
  await replayModel(core.database.db, core.store, core.processors, { inline: productModel.inline, processors }, keepLastStep);
  await say({ type: 'done', seconds: (performance.now() - started) / 1000, lastStep });
} catch (error) {
  await say({ type: 'error', message: String(error) });
} finally {
  await core.close();
  process.disconnect();
}
