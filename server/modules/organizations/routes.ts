import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyList, companyProfile, companySearchQuery, outletProfile, registerCompanyBody } from '../../../contracts/organizations/api.ts';
import type { Core } from '../../core.ts';
import { NotFound } from '../../errors.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { profileDecider, userStream } from '../profiles/commands.ts';
import { emailDomain, isWithin, settingsActorOf } from '../profiles/permissions.ts';
import { companyProfileOf, findCompany, findOutlet, outletProfileOf, searchCompanies } from './queries.ts';
import { registerCompany } from './registration.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });

/** Company and outlet pages (public, like /c/{slug} and /o/{slug}), and registering a company. */
export function organizationRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;
  return async (app) => {
    app.get('/api/v1/companies', { schema: { querystring: companySearchQuery, response: { 200: companyList } } }, async (request) => {
      requireUser(request);
      return { data: await searchCompanies(db, request.query.q) };
    });

    app.post('/api/v1/companies', { schema: { body: registerCompanyBody, response: { 201: companyProfile } } }, async (request, reply) => {
      const user = requireUser(request);
      const actor = settingsActorOf(user);
      const metadata = eventMetadata(request, actorOf(user));
      const email = (await db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email;
      const company = await core.commands.transaction(async (unit) => {
        const registered = await registerCompany(unit, request.body, { ...actor, email }, metadata);
        // Whoever works there answers for the page they made; an admin making one for others does not.
        if (isWithin(emailDomain(email), registered.domain)) {
          await unit.run(profileDecider, userStream(user.id), { type: 'joinCompany', company: { id: registered.id, domain: registered.domain }, userId: user.id, by: actor }, metadata);
        }
        return registered;
      });
      return created(reply, company.id).send(await companyProfileOf(db, company));
    });

    app.get('/api/v1/companies/:slug', { schema: { params: slugParams, response: { 200: companyProfile } } }, async (request) => {
      const company = await findCompany(db, { slug: request.params.slug });
      if (!company) throw new NotFound('No such company.');
      return companyProfileOf(db, company);
    });

    app.get('/api/v1/outlets/:slug', { schema: { params: slugParams, response: { 200: outletProfile } } }, async (request) => {
      const outlet = await findOutlet(db, { slug: request.params.slug });
      if (!outlet) throw new NotFound('No such outlet.');
      return outletProfileOf(db, outlet);
    });
  };
}
