import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openCore } from '../server/core.ts';
import { createLog } from '../server/log.ts';
import { productModel } from '../server/model.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { seedShowcase } from '../server/seed/showcase.ts';
import { createServices } from '../server/services.ts';
import { settleQueuedVideos } from '../server/modules/video/index.ts';

// npm run seed: the demo accounts and people, added where missing, and the demo's
// communities and posts when the database has no post yet.
const config = loadConfig();
const core = await openCore({ database: config.database, redisUrl: null, model: productModel, log: createLog('warn') });
try {
  const created = await seedDemo(core);
  console.log(created.length ? `Created ${created.join(', ')} (password: ${DEMO_PASSWORD}).` : 'The demo people exist already.');
  const anyPost = await core.database.db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  if (anyPost) console.log('Posts exist already: no demo posts added.');
  else {
    const app = await buildApp(core, { logLevel: 'warn', services: createServices(core, config), uploads: config.uploads });
    await seedShowcase(app, config.publicUrl);
    await app.close();
    console.log('Added the demo communities, company, posts, comments and likes.');
    await settleQueuedVideos(core, config, (line) => console.log(line));
  }
} finally {
  await core.close();
}
