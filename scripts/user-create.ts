import { parseArgs } from 'node:util';
import { accountRole } from '../contracts/users/enums.ts';
import { loadConfig } from '../server/config.ts';
import { openCore } from '../server/core.ts';
import { DomainError, ValidationFailed } from '../server/errors.ts';
import { createLog } from '../server/log.ts';
import { registerUser } from '../server/modules/auth/registration.ts';
import { productModel } from '../server/model.ts';

// npm run user:create -- --email E --password P --role admin [--firstname F --lastname L]
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'journo' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
  },
});
const role = accountRole.safeParse(values.role);
if (!values.email || !values.password || !role.success) {
  console.error(`Usage: npm run user:create -- --email E --password P --role ${accountRole.options.join('|')} [--firstname F --lastname L]`);
  process.exit(2);
}
const email = values.email.trim().toLowerCase();
const local = email.split('@')[0] ?? 'user';
const config = loadConfig();
const core = await openCore({ database: config.database, redisUrl: null, model: productModel, log: createLog('warn') });
try {
  const { userId } = await registerUser(
    core,
    { email, password: values.password, role: role.data, firstname: values.firstname ?? local, lastname: values.lastname ?? '', onboarding: false },
    () => ({ actorId: null, actorRole: 'system', requestId: null, correlationId: 'user:create', causationId: null }),
  );
  console.log(`Created user ${userId} <${email}> with role ${role.data}.`);
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(error instanceof ValidationFailed ? error.errors.join('\n') : error.message);
  process.exitCode = 1;
} finally {
  await core.close();
}
