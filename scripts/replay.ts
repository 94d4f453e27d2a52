import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openCore } from '../server/core.ts';
import { createLog } from '../server/log.ts';
import { withStreamPush } from '../server/feeds/model.ts';
import { productModel } from '../server/model.ts';
import { dryRunReplay } from '../server/projections/dry-run.ts';
import { inSessionOfItsOwn, replayModel, yieldToServing } from '../server/projections/replay.ts';

// npm run replay                          every read model
// npm run replay -- --projection NAME    one inline projection or processor
// npm run replay -- --dry-run            rebuild beside the live tables, print how they differ, change nothing
await inSessionOfItsOwn();
const { values } = parseArgs({ options: { projection: { type: 'string' }, 'dry-run': { type: 'boolean' } } });
const config = loadConfig();
const log = createLog('warn');
// Live pushes to sockets are never replayed; the Stream mirror is, when it is configured.
const model = withStreamPush(productModel, config.stream, log);
yieldToServing();
const core = await openCore({ database: config.database, redisUrl: null, model, log });
const write = (line: string) => console.log(line);

try {
  const wanted = values.projection;
  const inline = model.inline.filter((p) => !wanted || p.name === wanted);
  // Every read model: a processor without tables keeps none (its work is what it appends or
  // pushes), and named alone it says there is nothing to rebuild.
  const processors = model.processors.filter((p) => (wanted ? p.name === wanted : p.tables.length > 0));
  if (wanted && inline.length + processors.length === 0) {
    const known = [...model.inline, ...model.processors].map((p) => p.name);
    console.error(`No projection named ${wanted}. Known: ${known.join(', ') || 'none'}`);
    process.exitCode = 2;
  } else if (values['dry-run']) {
    const differences = (await dryRunReplay(core.database.db, core.store, { inline, processors }, write)).filter((d) => d.onlyLive + d.onlyRebuilt > 0);
    for (const d of differences) {
      console.log(`${d.table}: ${d.onlyLive} row(s) only in the live table, ${d.onlyRebuilt} only in the rebuilt one`);
      for (const row of d.examples.live) console.log(`  live:    ${JSON.stringify(row)}`);
      for (const row of d.examples.rebuilt) console.log(`  rebuilt: ${JSON.stringify(row)}`);
    }
    console.log(differences.length === 0 ? 'A replay would change nothing.' : `A replay would change ${differences.length} table(s).`);
    if (differences.length > 0) process.exitCode = 1;
  } else {
    await replayModel(core.database.db, core.store, core.processors, { inline, processors }, write);
    console.log(`Replayed ${inline.length + processors.length} projection(s).`);
  }
} finally {
  await core.close();
}
