import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressBody,
  addressParams,
  beatsBody,
  communityFollows,
  companyResponsibilities,
  companyResponsibility,
  companyResponsibilityBody,
  contactsBody,
  countryBody,
  feedTypeFollows,
  feedTypeParams,
  firstNameBody,
  idParams,
  jobBody,
  lastNameBody,
  linksBody,
  newsletterParams,
  notificationPreferenceBody,
  notificationPreferences,
  notificationTypeParams,
  onboardingBody,
  onboardingOrganization,
  onboardingView,
  organizationBody,
  outletRequest,
  outletResponsibilities,
  outletResponsibility,
  outletResponsibilityBody,
  profileInformation,
  profileSuggestion,
  settingsView,
  spokesperson,
  spokespersonBody,
  subscriptionBody,
  subscriptions,
  timezoneBody,
  userParams,
  userProfile,
} from '../../../contracts/users/settings.ts';
import type { Core } from '../../core.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { withUploadedFile } from '../../http/multipart.ts';
import { eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { communitiesOfUser, readableCommunityIds } from '../communities/queries.ts';
import { companySummaryOf, findCompany, findEmployer } from '../organizations/queries.ts';
import { findOrRegisterOutlet } from '../organizations/registration.ts';
import { UploadStorage } from '../uploads/storage.ts';
import { removeAvatarFiles, storeAvatar, type Avatar } from './avatar.ts';
import { NO_SUCH_COMPANY, NO_SUCH_OUTLET, profileDecider, userStream, type ProfileCommand } from './commands.ts';
import { mayManageSettings, settingsActorOf, type SettingsActor } from './permissions.ts';
import {
  communityFollowsOf,
  companyResponsibilitiesOf,
  feedTypeFollowsOf,
  findOwner,
  notificationSettingsOf,
  outletResponsibilitiesOf,
  profileInformationOf,
  settingsOf,
  spokespersonOf,
  subscriptionsOf,
  userProfileOf,
} from './queries.ts';
import { suggestProfileText } from './suggestion.ts';

const BASE = '/api/v1/u/:user/settings';
type Decision = ProfileCommand extends infer C ? (C extends ProfileCommand ? Omit<C, 'userId' | 'by'> : never) : never;

/**
 * User settings (spec section 7): every call under /api/v1/u/{user}/settings, for the person
 * and platform admins; and the public profile at /api/v1/users/{slug}.
 */
export function profileRoutes(core: Core, uploads: { dir: string; maxImageBytes: number }): FastifyPluginAsyncZod {
  const { db } = core.database;

  /** Whose settings, and whether the caller may touch them: 404 for nobody, 403 for someone else's. */
  const ownerFor = async (request: FastifyRequest, slug: string) => {
    const user = requireUser(request);
    const actor = settingsActorOf(user);
    const owner = await findOwner(db, slug);
    if (!owner) throw new NotFound('No such user.');
    if (!mayManageSettings(actor, owner.id)) throw new Forbidden('Sorry, you are not permitted to view this page.');
    return { owner, actor, metadata: eventMetadata(request, actorOf(user)) };
  };
  const decide = async (request: FastifyRequest, slug: string, decision: Decision | ((actor: SettingsActor, ownerId: number) => Promise<Decision>)) => {
    const { owner, actor, metadata } = await ownerFor(request, slug);
    const command = typeof decision === 'function' ? await decision(actor, owner.id) : decision;
    const result = await core.commands.run(profileDecider, userStream(owner.id), { ...command, userId: owner.id, by: actor } as ProfileCommand, metadata);
    return { owner, result };
  };
  const settingsAfter = async (request: FastifyRequest, slug: string, decision: Decision) => settingsOf(db, (await decide(request, slug, decision)).owner.id);
  const informationAfter = async (request: FastifyRequest, slug: string, decision: Decision) => profileInformationOf(db, (await decide(request, slug, decision)).owner.id);
  const oneOutlet = async (userId: number, outletId: number) => {
    const [found] = await outletResponsibilitiesOf(db, userId, outletId);
    if (!found) throw new NotFound(NO_SUCH_OUTLET);
    return found;
  };
  const oneCompany = async (userId: number, companyId: number) => {
    const [found] = await companyResponsibilitiesOf(db, userId, companyId);
    if (!found) throw new NotFound(NO_SUCH_COMPANY);
    return found;
  };

  return async (app) => {
    const storage = new UploadStorage(uploads.dir);
    await storage.prepare();
    // One byte over the limit is enough to know a file is too large.
    await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: uploads.maxImageBytes + 1, files: 1 } });

    // Public, like the page at /u/{slug}: a guest reads what any other reader does.
    app.get('/api/v1/users/:slug', { schema: { params: z.object({ slug: z.string().min(1).max(200) }), response: { 200: userProfile } } }, async (request) => {
      const reader = request.auth ? settingsActorOf(request.auth.user) : null;
      const profile = await userProfileOf(db, request.params.slug, reader);
      if (!profile) throw new NotFound('No such user.');
      return profile;
    });

    const params = { params: userParams };
    app.get(BASE, { schema: { ...params, response: { 200: settingsView } } }, async (request) => settingsOf(db, (await ownerFor(request, request.params.user)).owner.id));

    app.post(`${BASE}/avatar`, { schema: { ...params, response: { 200: settingsView } } }, async (request) => {
      const { owner, actor, metadata } = await ownerFor(request, request.params.user);
      const avatar = await withUploadedFile(request, (part) => {
        if (part?.fieldname !== 'avatar') throw new ValidationFailed(['Choose a picture to upload']);
        return storeAvatar(storage, uploads.maxImageBytes, part);
      });
      let previous: Avatar | null;
      try {
        previous = await core.commands.transaction(async (unit) => {
          // Locked, so two uploads at once each remove the files the other replaced.
          const before = await unit.trx.selectFrom('users').select(['logo', 'logo_icon']).where('id', '=', owner.id).forUpdate().executeTakeFirstOrThrow();
          await unit.run(profileDecider, userStream(owner.id), { type: 'changeAvatar', ...avatar, userId: owner.id, by: actor }, metadata);
          return before.logo && before.logo_icon ? { logo: before.logo, logoIcon: before.logo_icon } : null;
        });
      } catch (error) {
        await removeAvatarFiles(storage, avatar);
        throw error;
      }
      if (previous) await removeAvatarFiles(storage, previous);
      return settingsOf(db, owner.id);
    });

    app.delete(`${BASE}/avatar`, { schema: { ...params, response: { 200: settingsView } } }, async (request) => {
      const { owner, actor, metadata } = await ownerFor(request, request.params.user);
      const previous = await core.commands.transaction(async (unit) => {
        const before = await unit.trx.selectFrom('users').select(['logo', 'logo_icon']).where('id', '=', owner.id).forUpdate().executeTakeFirstOrThrow();
        await unit.run(profileDecider, userStream(owner.id), { type: 'removeAvatar', userId: owner.id, by: actor }, metadata);
        return before.logo && before.logo_icon ? { logo: before.logo, logoIcon: before.logo_icon } : null;
      });
      if (previous) await removeAvatarFiles(storage, previous);
      return settingsOf(db, owner.id);
    });

    const basic = { response: { 200: settingsView } };
    app.patch(`${BASE}/name/first`, { schema: { ...params, body: firstNameBody, ...basic } }, (request) => settingsAfter(request, request.params.user, { type: 'changeFirstName', firstname: request.body.firstname }));
    app.patch(`${BASE}/name/last`, { schema: { ...params, body: lastNameBody, ...basic } }, (request) => settingsAfter(request, request.params.user, { type: 'changeLastName', lastname: request.body.lastname }));
    app.patch(`${BASE}/job`, { schema: { ...params, body: jobBody, ...basic } }, (request) => settingsAfter(request, request.params.user, { type: 'changeJob', jobTitle: request.body.job }));
    app.patch(`${BASE}/organization`, { schema: { ...params, body: organizationBody, ...basic } }, (request) =>
      settingsAfter(request, request.params.user, { type: 'changeOrganization', organization: request.body.organization }),
    );
    app.patch(`${BASE}/timezone`, { schema: { ...params, body: timezoneBody, ...basic } }, (request) => settingsAfter(request, request.params.user, { type: 'changeTimezone', timezone: request.body.timezone }));
    app.patch(`${BASE}/country`, { schema: { ...params, body: countryBody, ...basic } }, (request) => settingsAfter(request, request.params.user, { type: 'changeCountry', country: request.body.id }));
    app.patch(`${BASE}/beats`, { schema: { ...params, body: beatsBody, ...basic } }, (request) => settingsAfter(request, request.params.user, { type: 'chooseBeats', beatIds: request.body.ids }));
    for (const visibility of ['public', 'private'] as const) {
      app.patch(`${BASE}/permissions/view/${visibility}`, { schema: { ...params, ...basic } }, (request) => settingsAfter(request, request.params.user, { type: 'setVisibility', visibility }));
    }

    const information = { response: { 200: profileInformation } };
    app.get(`${BASE}/contacts`, { schema: { ...params, ...information } }, async (request) => profileInformationOf(db, (await ownerFor(request, request.params.user)).owner.id));
    app.patch(`${BASE}/contacts`, { schema: { ...params, body: contactsBody, ...information } }, (request) => informationAfter(request, request.params.user, { type: 'changeContacts', channels: request.body }));
    app.patch(`${BASE}/links`, { schema: { ...params, body: linksBody, ...information } }, (request) => informationAfter(request, request.params.user, { type: 'changeLinks', links: request.body }));
    app.patch(`${BASE}/addresses/:type`, { schema: { params: addressParams, body: addressBody, ...information } }, (request) => {
      const address = request.body;
      const blank = !address.country && [address.street, address.city, address.state, address.postcode].every((line) => line === '');
      return informationAfter(request, request.params.user, { type: 'changeAddress', addressType: request.params.type, address: blank ? null : address });
    });
    app.delete(`${BASE}/addresses/:type`, { schema: { params: addressParams, ...information } }, (request) =>
      informationAfter(request, request.params.user, { type: 'changeAddress', addressType: request.params.type, address: null }),
    );

    app.get(`${BASE}/contacts/profile/user/ai`, { schema: { ...params, response: { 200: profileSuggestion } } }, async (request) => {
      const { owner } = await ownerFor(request, request.params.user);
      const [settings, outlets, companies, speaking] = await Promise.all([
        settingsOf(db, owner.id),
        outletResponsibilitiesOf(db, owner.id),
        companyResponsibilitiesOf(db, owner.id),
        spokespersonOf(db, owner.id),
      ]);
      return { text: suggestProfileText({ settings, outlets, companies, spokesperson: speaking }) };
    });

    app.get(`${BASE}/follows/communities`, { schema: { ...params, response: { 200: communityFollows } } }, async (request) => communityFollowsOf(db, (await ownerFor(request, request.params.user)).owner.id));
    app.patch(`${BASE}/follows/communities/:id`, { schema: { params: idParams, response: { 200: communityFollows } } }, async (request) => {
      const communityId = request.params.id;
      const { owner } = await decide(request, request.params.user, async (_actor, ownerId) => ({
        type: 'followCommunity',
        communityId,
        readable: (await readableCommunityIds(db, ownerId)).has(communityId),
      }));
      return communityFollowsOf(db, owner.id);
    });
    app.delete(`${BASE}/follows/communities/:id`, { schema: { params: idParams, response: { 200: communityFollows } } }, async (request) =>
      communityFollowsOf(db, (await decide(request, request.params.user, { type: 'unfollowCommunity', communityId: request.params.id })).owner.id),
    );
    app.get(`${BASE}/follows/feeds/types`, { schema: { ...params, response: { 200: feedTypeFollows } } }, async (request) => feedTypeFollowsOf(db, (await ownerFor(request, request.params.user)).owner.id));
    app.patch(`${BASE}/follows/feeds/types/:id`, { schema: { params: feedTypeParams, response: { 200: feedTypeFollows } } }, async (request) =>
      feedTypeFollowsOf(db, (await decide(request, request.params.user, { type: 'followFeedType', feedType: request.params.id })).owner.id),
    );
    app.delete(`${BASE}/follows/feeds/types/:id`, { schema: { params: feedTypeParams, response: { 200: feedTypeFollows } } }, async (request) =>
      feedTypeFollowsOf(db, (await decide(request, request.params.user, { type: 'unfollowFeedType', feedType: request.params.id })).owner.id),
    );

    app.get(`${BASE}/subscriptions`, { schema: { ...params, response: { 200: subscriptions } } }, async (request) => subscriptionsOf(db, (await ownerFor(request, request.params.user)).owner.id));
    app.patch(`${BASE}/subscriptions/:id`, { schema: { params: newsletterParams, body: subscriptionBody, response: { 200: subscriptions } } }, async (request) =>
      subscriptionsOf(db, (await decide(request, request.params.user, { type: 'subscribe', newsletter: request.params.id, subscribed: request.body.subscribed })).owner.id),
    );

    app.get(`${BASE}/notifications`, { schema: { ...params, response: { 200: notificationPreferences } } }, async (request) => notificationSettingsOf(db, (await ownerFor(request, request.params.user)).owner.id));
    app.patch(`${BASE}/notifications/:type`, { schema: { params: notificationTypeParams, body: notificationPreferenceBody, response: { 200: notificationPreferences } } }, async (request) =>
      notificationSettingsOf(
        db,
        (await decide(request, request.params.user, { type: 'setNotificationPreference', notificationType: request.params.type, inApp: request.body.inApp })).owner.id,
      ),
    );

    app.get(`${BASE}/responsibilities/outlets`, { schema: { ...params, response: { 200: outletResponsibilities } } }, async (request) => ({
      data: await outletResponsibilitiesOf(db, (await ownerFor(request, request.params.user)).owner.id),
    }));
    app.post(`${BASE}/responsibilities/outlets`, { schema: { ...params, body: outletRequest, response: { 200: outletResponsibility, 201: outletResponsibility } } }, async (request, reply) => {
      const { owner, actor, metadata } = await ownerFor(request, request.params.user);
      const { outletId, added } = await core.commands.transaction(async (unit) => {
        const outlet = await findOrRegisterOutlet(unit, request.body.url, actor, metadata);
        const { events } = await unit.run(profileDecider, userStream(owner.id), { type: 'takeOutlet', outletId: outlet.id, userId: owner.id, by: actor }, metadata);
        return { outletId: outlet.id, added: events.length > 0 };
      });
      if (added) reply.status(201).header('object-id', String(outletId));
      return oneOutlet(owner.id, outletId);
    });
    app.get(`${BASE}/responsibilities/outlets/:id`, { schema: { params: idParams, response: { 200: outletResponsibility } } }, async (request) =>
      oneOutlet((await ownerFor(request, request.params.user)).owner.id, request.params.id),
    );
    app.patch(`${BASE}/responsibilities/outlets/:id`, { schema: { params: idParams, body: outletResponsibilityBody, response: { 200: outletResponsibility } } }, async (request) =>
      oneOutlet((await decide(request, request.params.user, { type: 'changeOutlet', outletId: request.params.id, changes: request.body })).owner.id, request.params.id),
    );
    app.delete(`${BASE}/responsibilities/outlets/:id`, { schema: { params: idParams } }, async (request, reply) => {
      await decide(request, request.params.user, { type: 'dropOutlet', outletId: request.params.id });
      return reply.status(204).send();
    });

    app.get(`${BASE}/responsibilities/companies`, { schema: { ...params, response: { 200: companyResponsibilities } } }, async (request) => ({
      data: await companyResponsibilitiesOf(db, (await ownerFor(request, request.params.user)).owner.id),
    }));
    app.get(`${BASE}/responsibilities/companies/:id`, { schema: { params: idParams, response: { 200: companyResponsibility } } }, async (request) =>
      oneCompany((await ownerFor(request, request.params.user)).owner.id, request.params.id),
    );
    app.patch(`${BASE}/responsibilities/companies/:id`, { schema: { params: idParams, body: companyResponsibilityBody, response: { 200: companyResponsibility } } }, async (request) =>
      oneCompany((await decide(request, request.params.user, { type: 'changeCompany', companyId: request.params.id, changes: request.body })).owner.id, request.params.id),
    );
    app.delete(`${BASE}/responsibilities/companies/:id`, { schema: { params: idParams } }, async (request, reply) => {
      await decide(request, request.params.user, { type: 'leaveCompany', companyId: request.params.id });
      return reply.status(204).send();
    });
    app.patch(`${BASE}/company/:id/join`, { schema: { params: idParams, response: { 200: companyResponsibility } } }, async (request) => {
      const company = await findCompany(db, { id: request.params.id });
      if (!company) throw new NotFound('No such company.');
      const { owner } = await decide(request, request.params.user, { type: 'joinCompany', company: { id: company.id, domain: company.domain } });
      return oneCompany(owner.id, company.id);
    });

    app.get(`${BASE}/responsibilities/spokesperson`, { schema: { ...params, response: { 200: spokesperson } } }, async (request) => spokespersonOf(db, (await ownerFor(request, request.params.user)).owner.id));
    app.patch(`${BASE}/responsibilities/spokesperson`, { schema: { ...params, body: spokespersonBody, response: { 200: spokesperson } } }, async (request) => {
      const { company, ...changes } = request.body;
      return spokespersonOf(db, (await decide(request, request.params.user, { type: 'setSpokesperson', companyId: company, changes })).owner.id);
    });

    app.patch(`${BASE}/onboarding`, { schema: { ...params, body: onboardingBody, response: { 200: onboardingView } } }, async (request) => {
      const { stage } = request.body;
      const { result } = await decide(request, request.params.user, async (_actor, ownerId) => ({
        type: 'setOnboardingStage',
        stage,
        joinedCommunities: stage === false ? (await communitiesOfUser(db, ownerId)).filter((community) => community.isJoined).map((community) => community.id) : [],
      }));
      return { onboarding: result.state.onboarding };
    });
    app.get(`${BASE}/onboarding/organization`, { schema: { ...params, response: { 200: onboardingOrganization } } }, async (request) => {
      const { owner } = await ownerFor(request, request.params.user);
      const settings = await settingsOf(db, owner.id);
      const company = await findEmployer(db, owner.email);
      const joined = company ? (await companyResponsibilitiesOf(db, owner.id, company.id)).length > 0 : false;
      return { organization: settings.organization, company: company ? companySummaryOf(company) : null, isJoined: joined };
    });
  };
}
