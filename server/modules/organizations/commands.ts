import type { OrganizationEvent } from '../../../contracts/organizations/index.ts';
import type { Decider } from '../../events/decider.ts';
import { Conflict, Forbidden } from '../../errors.ts';
import { mayRegisterCompany, type SettingsActor } from '../profiles/permissions.ts';

export const companyStream = (companyId: number) => `company-${companyId}`;
export const outletStream = (outletId: number) => `outlet-${outletId}`;

type Registration = { slug: string; name: string; domain: string };

export type CompanyCommand = { type: 'registerCompany'; companyId: number; website: string; by: SettingsActor; byEmail: string } & Registration;
export type OutletCommand = { type: 'registerOutlet'; outletId: number; url: string; by: SettingsActor } & Registration;

export const companyDecider: Decider<{ exists: boolean }, CompanyCommand, OrganizationEvent> = {
  initialState: { exists: false },
  evolve: (state, event) => (event.type === 'CompanyRegistered' ? { exists: true } : state),
  decide(command, state) {
    if (state.exists) throw new Conflict('This company exists already.');
    const { companyId, slug, name, website, domain, by } = command;
    if (!mayRegisterCompany(by, command.byEmail, domain)) {
      throw new Forbidden(`Only people with an email address at ${domain} may create its company page; ask a platform admin.`);
    }
    return [{ type: 'CompanyRegistered', data: { companyId, slug, name, website, domain, registeredBy: by.id } }];
  },
};

/** Any journalist may add an outlet they write for: outlets are where people work, not authors. */
export const outletDecider: Decider<{ exists: boolean }, OutletCommand, OrganizationEvent> = {
  initialState: { exists: false },
  evolve: (state, event) => (event.type === 'OutletRegistered' ? { exists: true } : state),
  decide(command, state) {
    if (state.exists) throw new Conflict('This outlet exists already.');
    const { outletId, slug, name, url, domain, by } = command;
    return [{ type: 'OutletRegistered', data: { outletId, slug, name, url, domain, registeredBy: by.id } }];
  },
};
