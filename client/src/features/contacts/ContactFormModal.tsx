import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ContactView } from '../../../../contracts/contacts/api.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';
import { ApiError } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button, Input, Modal, Select, showToast } from '../../ui/index.ts';
import { BeatPicker } from '../profiles/Beats.tsx';
import { countryOptions, timezoneLabel, timezoneOptions } from '../settings/places.ts';
import {
  ADDRESS_LABELS,
  ADDRESS_PARTS,
  ADDRESS_TYPES,
  draftOf,
  errorOf,
  fieldErrors,
  inputOf,
  LINK_LABELS,
  LINK_TYPES,
  PHONE_LABELS,
  PHONE_TYPES,
  type ContactDraft,
  type FieldErrors,
} from './contactForm.ts';
import { useSaveContact } from './queries.ts';

const NO_ERRORS: FieldErrors = { byField: {}, general: [] };
const PART_LABELS = { street: 'Street', city: 'City', state: 'State', postcode: 'Postcode' } as const;

type ContactFormModalProps = {
  open: boolean;
  /** The contact to edit; null adds a new one. */
  contact: ContactView | null;
  onClose: () => void;
};

/**
 * Adds or edits a contact with every field of spec section 3. The server judges (one schema for
 * both sides) and its lines land beside the fields they name. A person on the platform keeps
 * their own profile: the account edits only the tags and email addresses it keeps for them.
 */
export function ContactFormModal({ open, contact, onClose }: ContactFormModalProps) {
  const [draft, setDraft] = useState<ContactDraft>(() => draftOf(contact));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const save = useSaveContact(contact?.id ?? null);
  const navigate = useNavigate();
  const countries = useMemo(() => countryOptions(), []);
  // Hundreds of zones and countries, each label worked out once, not on every keystroke.
  const zoneOptions = useMemo(
    () =>
      timezoneOptions(draft.timezone || DEFAULT_TIMEZONE).map((zone) => (
        <option key={zone} value={zone}>
          {timezoneLabel(zone)}
        </option>
      )),
    [draft.timezone],
  );
  const countryList = useMemo(
    () =>
      countries.map((country) => (
        <option key={country.id} value={country.id}>
          {country.name}
        </option>
      )),
    [countries],
  );
  const isPerson = contact?.userId != null;

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(contact));
    setErrors(NO_ERRORS);
  }, [open, contact]);

  // A long form: after a refused save the person is taken to the first field the server named.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (errors === NO_ERRORS) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    first?.scrollIntoView?.({ block: 'center' });
    if (first?.matches('input, select')) first.focus({ preventScroll: true });
  }, [errors]);

  const set = <K extends keyof ContactDraft>(key: K, value: ContactDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (path: string) => errorOf(errors, path);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    try {
      const view = await save.mutateAsync(inputOf(draft, isPerson));
      showToast({ type: 'success', lines: [contact ? 'Contact saved' : `${view.name} added to your contacts`] });
      onClose();
      if (!contact) void navigate({ to: '/contacts/$id', params: { id: String(view.id) } });
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(fieldErrors(failure.errors.length ? failure.errors : [failure.detail ?? failure.message], failure.fields));
    }
  };

  const emails = (
    <fieldset className="contact-form__group">
      <legend>Email addresses</legend>
      {draft.emails.map((email, index) => (
        <div key={index} className="contact-form__repeat">
          <Input
            label={`Email address ${index + 1}`}
            type="email"
            value={email}
            placeholder="name@outlet.com"
            error={error(`emails.${index}`)}
            onChange={(event) => set('emails', draft.emails.map((value, at) => (at === index ? event.target.value : value)))}
          />
          {draft.emails.length > 1 && (
            <Button type="button" variant="ghost" size="sm" onClick={() => set('emails', draft.emails.filter((_, at) => at !== index))}>
              Remove<span className="visually-hidden"> email address {index + 1}</span>
            </Button>
          )}
        </div>
      ))}
      {error('emails') && !draft.emails.some((_, index) => error(`emails.${index}`)) && <p className="contacts-form__error">{error('emails')}</p>}
      <Button type="button" variant="secondary" size="sm" onClick={() => set('emails', [...draft.emails, ''])}>
        Add another email
      </Button>
    </fieldset>
  );
  const tags = <Input label="Tags" hint="Separate tags with commas." value={draft.tags} placeholder="launch, finance" error={error('tags')} onChange={(event) => set('tags', event.target.value)} />;

  return (
    <Modal open={open} onClose={onClose} title={contact ? `Edit ${contact.name}` : 'Add contact'} size="lg">
      <form ref={form} className="contact-form" onSubmit={(event) => void submit(event)} noValidate>
        {errors.general.length > 0 && (
          <div className="contacts-form__error" role="alert">
            {errors.general.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {isPerson ? (
          <>
            <p className="contacts-form__lead">{contact!.name} is on Pressroom and keeps their own profile. Your account keeps its own email addresses and tags for them.</p>
            {emails}
            {tags}
          </>
        ) : (
          <>
            <div className="contact-form__grid">
              <Input label="Name" required value={draft.name} placeholder="" autoComplete="off" error={error('name')} onChange={(event) => set('name', event.target.value)} />
              <Input label="Job title" value={draft.jobTitle} placeholder="" error={error('jobTitle')} onChange={(event) => set('jobTitle', event.target.value)} />
              <Input label="Outlets" hint="Separate outlets with commas." value={draft.outlets} placeholder="" error={error('outlets')} onChange={(event) => set('outlets', event.target.value)} />
              <Input label="Companies" hint="Separate companies with commas." value={draft.companies} placeholder="" error={error('companies')} onChange={(event) => set('companies', event.target.value)} />
            </div>
            <BeatPicker legend="Beats" beats={BEATS} chosen={draft.beats} onToggle={(beat, on) => set('beats', on ? [...draft.beats, beat.id] : draft.beats.filter((id) => id !== beat.id))} />
            {error('beats') && <p className="contacts-form__error">{error('beats')}</p>}
            {emails}
            <fieldset className="contact-form__group">
              <legend>Phones</legend>
              <div className="contact-form__grid">
                {PHONE_TYPES.map((type) => (
                  <Input
                    key={type}
                    label={PHONE_LABELS[type]}
                    type="tel"
                    value={draft.phones[type]}
                    placeholder="+61 2 9000 0000"
                    error={error(`phones.${type}`)}
                    onChange={(event) => set('phones', { ...draft.phones, [type]: event.target.value })}
                  />
                ))}
              </div>
            </fieldset>
            <fieldset className="contact-form__group">
              <legend>Links</legend>
              <div className="contact-form__grid">
                {LINK_TYPES.map((type) => (
                  <Input
                    key={type}
                    label={LINK_LABELS[type]}
                    type="url"
                    value={draft.links[type]}
                    placeholder=""
                    error={error(`links.${type}`)}
                    onChange={(event) => set('links', { ...draft.links, [type]: event.target.value })}
                  />
                ))}
              </div>
            </fieldset>
            {ADDRESS_TYPES.map((type) => (
              <fieldset key={type} className="contact-form__group">
                <legend>{ADDRESS_LABELS[type]}</legend>
                <div className="contact-form__grid">
                  {ADDRESS_PARTS.map((part) => (
                    <Input
                      key={part}
                      label={PART_LABELS[part]}
                      value={draft.addresses[type][part]}
                      placeholder=""
                      error={error(`addresses.${type}.${part}`)}
                      onChange={(event) => set('addresses', { ...draft.addresses, [type]: { ...draft.addresses[type], [part]: event.target.value } })}
                    />
                  ))}
                  <Select
                    label="Country"
                    value={draft.addresses[type].country}
                    error={error(`addresses.${type}.country`)}
                    onChange={(event) => set('addresses', { ...draft.addresses, [type]: { ...draft.addresses[type], country: event.target.value } })}
                  >
                    <option value="">No country</option>
                    {countryList}
                  </Select>
                </div>
              </fieldset>
            ))}
            <div className="contact-form__grid">
              <Select label="Timezone" value={draft.timezone} error={error('timezone')} onChange={(event) => set('timezone', event.target.value)}>
                <option value="">No timezone</option>
                {zoneOptions}
              </Select>
              <Select label="Country" value={draft.country} error={error('country')} onChange={(event) => set('country', event.target.value)}>
                <option value="">No country</option>
                {countryList}
              </Select>
            </div>
            {tags}
          </>
        )}
        <div className="contacts-form__buttons">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {contact ? 'Save contact' : 'Add contact'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
