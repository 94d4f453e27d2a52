import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordNewBody,
  passwordRecoveryBody,
  passwordRecoveryParams,
  signInBody,
  signInRefused,
  signUpBody,
  passwordChangeBody,
  twoFactorCodeBody,
  twoFactorSetup,
} from '../../../contracts/auth/api.ts';
import { currentUser } from '../../../contracts/users/current-user.ts';
import type { Core } from '../../core.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import type { Services } from '../../services.ts';
import { userDecider, userStream } from '../users/commands.ts';
import { findCurrentUser } from '../users/queries.ts';
import { changePassword } from './password-change.ts';
import { actorOf, clearSessionCookie, requireUser, setSessionCookie } from './plugin.ts';
import { verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { recoverPassword, requestRecovery } from './recovery.ts';
import { registerUser } from './registration.ts';
import { revokeSession, startSession } from './sessions.ts';
import { checkTwoFactorCode, newTwoFactorSetup } from './two-factor.ts';

const BAD_CREDENTIALS = 'Email or password is not correct.';
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app.';
const CODE_WRONG = 'That code is not correct. Try the current one from your authenticator app.';
const CODE_NOT_VALID = 'Code is not valid';

const clientOf = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? null, ip: request.ip });
const selfMetadata = (request: FastifyRequest, role: string) => (userId: number) => eventMetadata(request, { id: String(userId), role });

export function authRoutes(core: Core, services: Services): FastifyPluginAsyncZod {
  const { db } = core.database;

  return async (app) => {
    app.post('/api/v1/auth/sign_up', { schema: { body: signUpBody } }, async (request, reply) => {
      await services.rateLimits.signUp(request.ip, request.body.email);
      const role = request.body.role ?? 'journo';
      const { userId, token } = await registerUser(core, { ...request.body, role }, selfMetadata(request, role), clientOf(request));
      setSessionCookie(reply, token!, services.secureCookies);
      return created(reply, userId).send();
    });

    app.post(
      '/api/v1/auth/sign_in',
      { schema: { body: signInBody, response: { 200: currentUser, 401: signInRefused } } },
      async (request, reply) => {
        const { email, password, code } = request.body;
        await services.rateLimits.signIn(request.ip, email);
        const account = await db
          .selectFrom('users')
          .innerJoin('credentials', 'credentials.user_id', 'users.id')
          .select(['users.id', 'users.two_factor', 'credentials.password_hash', 'credentials.totp_secret', 'credentials.totp_last_step'])
          .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email))
          .executeTakeFirst();
        const passwordOk = account ? await verifyPassword(account.password_hash, password) : await verifyAgainstNothing(password);
        if (!account || !passwordOk) return reply.status(401).send({ detail: BAD_CREDENTIALS });

        if (account.two_factor && account.totp_secret) {
          if (!code) return reply.status(401).send({ detail: CODE_NEEDED, twoFactorRequired: true });
          const check = await checkTwoFactorCode(account.totp_secret, code, account.totp_last_step);
          if (!check.valid) return reply.status(401).send({ detail: CODE_WRONG, twoFactorRequired: true });
          await db.updateTable('credentials').set({ totp_last_step: check.step }).where('user_id', '=', account.id).execute();
        }

        // A new token at every sign-in: a token planted before sign-in is worth nothing after.
        if (request.auth) await revokeSession(db, request.auth.tokenHash);
        const token = await db.transaction().execute((trx) => startSession(trx, account.id, clientOf(request)));
        await services.rateLimits.signedIn(email);
        setSessionCookie(reply, token, services.secureCookies);
        return (await findCurrentUser(db, account.id, services.streamTokens))!;
      },
    );

    app.post('/api/v1/auth/sign_out', async (request, reply) => {
      if (request.auth) await revokeSession(db, request.auth.tokenHash);
      clearSessionCookie(reply, services.secureCookies);
      return reply.status(204).send();
    });

    app.patch('/api/v1/auth/password', { schema: { body: passwordChangeBody } }, async (request, reply) => {
      const user = requireUser(request);
      // Guessing the current password from a stolen session spends the same budget as signing in.
      const { email } = await db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow();
      await services.rateLimits.signIn(request.ip, email);
      await changePassword(core, user.id, request.body, request.auth!.tokenHash, eventMetadata(request, actorOf(user)));
      return reply.status(204).send();
    });

    app.post('/api/v1/auth/password/new', { schema: { body: passwordNewBody } }, async (request, reply) => {
      await services.rateLimits.recovery(request.ip, request.body.email);
      if (await requestRecovery(core, request.body.email, services.publicUrl)) services.mailQueued();
      return reply.status(202).send();
    });

    app.post(
      '/api/v1/auth/password/recovery/:id/:code',
      { schema: { params: passwordRecoveryParams, body: passwordRecoveryBody }, config: { secretParams: ['code'] } },
      async (request, reply) => {
        await services.rateLimits.recovery(request.ip);
        await recoverPassword(core, request.params.id, request.params.code, request.body.password, (userId) =>
          eventMetadata(request, { id: String(userId), role: 'self' }),
        );
        clearSessionCookie(reply, services.secureCookies);
        return reply.status(204).send();
      },
    );

    app.post('/api/v1/auth/two_factor/setup', { schema: { response: { 200: twoFactorSetup } } }, async (request) => {
      const user = requireUser(request);
      const person = await db.selectFrom('users').select(['email', 'two_factor']).where('id', '=', user.id).executeTakeFirstOrThrow();
      if (person.two_factor) throw new ValidationFailed(['Two-factor authentication is already on.']);
      const setup = await newTwoFactorSetup(person.email);
      // Kept aside until a code proves the authenticator app has it.
      await db.updateTable('credentials').set({ totp_pending_secret: setup.secret }).where('user_id', '=', user.id).execute();
      return setup;
    });

    app.post('/api/v1/auth/two_factor/enable', { schema: { body: twoFactorCodeBody } }, async (request, reply) => {
      const user = requireUser(request);
      const credential = await db.selectFrom('credentials').select(['totp_pending_secret']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
      if (!credential.totp_pending_secret) throw new NotFound('Start the two-factor setup first.');
      const check = await checkTwoFactorCode(credential.totp_pending_secret, request.body.code, null);
      if (!check.valid) throw new ValidationFailed([CODE_NOT_VALID]);
      await core.commands.transaction(async (unit) => {
        await unit.trx
          .updateTable('credentials')
          .set({ totp_secret: credential.totp_pending_secret, totp_pending_secret: null, totp_last_step: check.step })
          .where('user_id', '=', user.id)
          .execute();
        await unit.run(userDecider, userStream(user.id), { type: 'enableTwoFactor', userId: user.id }, eventMetadata(request, actorOf(user)));
      });
      return reply.status(204).send();
    });

    app.delete('/api/v1/auth/two_factor', { schema: { body: twoFactorCodeBody } }, async (request, reply) => {
      const user = requireUser(request);
      const credential = await db.selectFrom('credentials').select(['totp_secret', 'totp_last_step']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
      if (!credential.totp_secret) throw new ValidationFailed(['Two-factor authentication is not on.']);
      const check = await checkTwoFactorCode(credential.totp_secret, request.body.code, credential.totp_last_step);
      if (!check.valid) throw new ValidationFailed([CODE_NOT_VALID]);
      await core.commands.transaction(async (unit) => {
        await unit.trx.updateTable('credentials').set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null }).where('user_id', '=', user.id).execute();
        await unit.run(userDecider, userStream(user.id), { type: 'disableTwoFactor', userId: user.id }, eventMetadata(request, actorOf(user)));
      });
      return reply.status(204).send();
    });
  };
}

