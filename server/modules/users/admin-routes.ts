import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountView,
  changeModulesBody,
  changeUserBody,
  createAccountBody,
  listUsersQuery,
  managedUserView,
  type ManagedUser,
} from '../../../contracts/users/admin.ts';
import type { AccountRole, ModuleName } from '../../../contracts/users/enums.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/schema.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { accountDecider, accountStream, userDecider, userStream } from './commands.ts';
import { mayListPeople, type Manager } from './permissions.ts';
import { idParams } from '../../../contracts/validation.ts';

const managerOf = (user: SessionUser): Manager => ({ kind: 'person', id: user.id, roles: user.roles, accountId: user.accountId });

/** People and accounts, as platform and account admins manage them. */
export function adminRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;

  return async (app) => {
    app.post('/api/v1/admin/accounts', { schema: { body: createAccountBody, response: { 201: accountView } } }, async (request, reply) => {
      const user = requireUser(request);
      const { rows } = await sql<{ id: number }>`select nextval('account_ids')::int as id`.execute(db);
      const accountId = rows[0]!.id;
      const { name, company, modules } = request.body;
      await core.commands.run(
        accountDecider,
        accountStream(accountId),
        { type: 'createAccount', accountId, name, company: company || name, modules, system: false, by: managerOf(user) },
        eventMetadata(request, actorOf(user)),
      );
      return created(reply, accountId).send(await findAccount(db, accountId));
    });

    app.patch('/api/v1/admin/accounts/:id', { schema: { params: idParams, body: changeModulesBody, response: { 200: accountView } } }, async (request) => {
      const user = requireUser(request);
      const accountId = request.params.id;
      await core.commands.run(accountDecider, accountStream(accountId), { type: 'changeModules', accountId, modules: request.body.modules, by: managerOf(user) }, eventMetadata(request, actorOf(user)));
      return findAccount(db, accountId);
    });

    app.get('/api/v1/admin/users', { schema: { querystring: listUsersQuery, response: { 200: z.object({ data: z.array(managedUserView) }) } } }, async (request) => {
      const user = requireUser(request);
      const { accountId, offset, limit } = request.query;
      if (!mayListPeople(managerOf(user), accountId ?? null)) throw new Forbidden();
      let query = managedUsers(db).orderBy('id').offset(offset).limit(limit);
      if (accountId !== undefined) query = query.where('account_id', '=', accountId);
      return { data: (await query.execute()).map(toManagedUser) };
    });

    app.patch('/api/v1/admin/users/:id', { schema: { params: idParams, body: changeUserBody, response: { 200: managedUserView } } }, async (request) => {
      const user = requireUser(request);
      const userId = request.params.id;
      const current = await managedUsers(db).where('id', '=', userId).executeTakeFirst();
      if (!current) throw new NotFound('No such user.');
      const by = managerOf(user);
      const metadata = eventMetadata(request, actorOf(user));
      const { roles, readOnly, accountId } = request.body;
      if (accountId !== undefined) await findAccount(db, accountId);
      // All the changes or none: one transaction, each one decided (and permitted) on its own.
      await core.commands.transaction(async (unit) => {
        const run = (command: Parameters<typeof userDecider.decide>[0]) => unit.run(userDecider, userStream(userId), command, metadata);
        if (accountId !== undefined) await run({ type: 'joinAccount', userId, accountId, managed: true, by });
        if (roles) {
          const had = current.roles as AccountRole[];
          for (const role of roles.filter((r) => !had.includes(r))) await run({ type: 'grantRole', userId, role, by });
          for (const role of had.filter((r) => !roles.includes(r))) await run({ type: 'revokeRole', userId, role, by });
        }
        if (readOnly !== undefined) await run({ type: 'setReadOnly', userId, readOnly, by });
      });
      return toManagedUser((await managedUsers(db).where('id', '=', userId).executeTakeFirst())!);
    });
  };
}

function managedUsers(db: Kysely<Database>) {
  return db.selectFrom('users').select(['id', 'email', 'firstname', 'lastname', 'slug', 'roles', 'is_read_only', 'two_factor', 'account_id']);
}

function toManagedUser(row: Awaited<ReturnType<ReturnType<typeof managedUsers>['executeTakeFirstOrThrow']>>): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    slug: row.slug,
    roles: row.roles as AccountRole[],
    isReadOnly: row.is_read_only,
    twoFactor: row.two_factor,
    accountId: row.account_id,
  };
}

async function findAccount(db: Kysely<Database>, accountId: number) {
  const row = await db.selectFrom('accounts').select(['id', 'name', 'company', 'modules', 'system']).where('id', '=', accountId).executeTakeFirst();
  if (!row) throw new NotFound('No such account.');
  return { ...row, modules: row.modules as ModuleName[] };
}
