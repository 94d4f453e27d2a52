import { loadConfig } from '../server/config.ts';
import { openCore } from '../server/core.ts';
import { createLog } from '../server/log.ts';
import { productModel } from '../server/model.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';

// npm run seed: the demo accounts and people, added where missing.
const config = loadConfig();
const core = await openCore({ database: config.database, redisUrl: null, model: productModel, log: createLog('warn') });
try {
  const created = await seedDemo(core);
  console.log(created.length ? `Created ${created.join(', ')} (password: ${DEMO_PASSWORD}).` : 'The demo people exist already.');
} finally {
  await core.close();
}
