import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { NewsroomView } from '../../../../contracts/newsrooms/api.ts';
import { wordsSlug } from '../../../../contracts/slugs.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { Button, Checkbox, Input, Modal, Select, showToast } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { settingsApi } from '../settings/api.ts';
import { DEFAULT_BRAND_COLOUR, LINK_FIELDS, bodyOf, draftOf, errorsByField, fieldOf, type FieldName, type NewsroomDraft } from './form.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { useSaveNewsroom } from './queries.ts';

type NewsroomFormModalProps = {
  open: boolean;
  onClose: () => void;
  /** The newsroom to edit; null creates one. */
  newsroom: NewsroomView | null;
  /** After a creation: the new newsroom, so its owner can offer the next step. */
  onCreated?: (newsroom: NewsroomView) => void;
};

/** The companies the person answers for: a newsroom belongs to one of them. */
function useOwnCompanies(enabled: boolean) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['newsrooms', 'companies', user?.slug ?? ''],
    queryFn: ({ signal }) => settingsApi.companies(user!.slug, signal),
    enabled: enabled && user !== null,
  });
}

/** The create-newsroom and edit-newsroom modals (spec section 2, "Modals"): one form, the server's lines under its fields. */
export function NewsroomFormModal({ open, onClose, newsroom, onCreated }: NewsroomFormModalProps) {
  const formId = useId();
  const creating = newsroom === null;
  const companies = useOwnCompanies(open && creating);
  const [draft, setDraft] = useState<NewsroomDraft>(() => draftOf(newsroom, null));
  const [slugTouched, setSlugTouched] = useState(!creating);
  const [lines, setLines] = useState<string[]>([]);
  const save = useSaveNewsroom(newsroom?.id ?? null);

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(newsroom, null));
    setSlugTouched(newsroom !== null);
    setLines([]);
  }, [open, newsroom]);

  const firstCompany = companies.data?.[0]?.company.id ?? null;
  useEffect(() => {
    if (creating && draft.companyId === null && firstCompany !== null) setDraft((current) => ({ ...current, companyId: firstCompany }));
  }, [creating, draft.companyId, firstCompany]);

  const errors = errorsByField(lines);
  const change = <K extends keyof NewsroomDraft>(key: K, value: NewsroomDraft[K], field: FieldName = key as FieldName) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setLines((current) => current.filter((line) => fieldOf(line) !== field));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.name.trim() === '') {
      setLines(['Name is required']);
      return;
    }
    try {
      const view = await save.mutateAsync(bodyOf(creating ? draft : { ...draft, companyId: null }));
      showToast({ type: 'success', lines: [creating ? `Newsroom ${view.name} created` : 'Newsroom saved'] });
      onClose();
      if (creating) onCreated?.(view);
    } catch (failure) {
      setLines(failure instanceof ApiError ? linesOf(failure) : ['The newsroom could not be saved. Check your connection and try again.']);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={creating ? 'Create newsroom' : `Edit newsroom`}
      size="lg"
      className="newsroom-form"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {creating ? 'Create newsroom' : 'Save changes'}
          </Button>
        </>
      }
    >
      <form id={formId} className="newsroom-form__fields" onSubmit={(event) => void submit(event)} noValidate>
        {errors.form && (
          <p className="newsroom-form__problem" role="alert">
            <ErrorIcon width="16" height="16" />
            <span>{errors.form}</span>
          </p>
        )}
        {creating && (
          <Select
            label="Company"
            required
            value={draft.companyId ?? ''}
            error={errors.company ?? (companies.data && companies.data.length === 0 ? 'You answer for no company yet: add one under Settings, Companies.' : undefined)}
            onChange={(event) => change('companyId', Number(event.target.value) || null, 'company')}
          >
            {companies.isPending && <option value="">Loading your companies…</option>}
            {companies.data?.map(({ company }) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </Select>
        )}
        <Input
          label="Name"
          required
          placeholder="Harbour PR Newsroom"
          value={draft.name}
          error={errors.name}
          maxLength={200}
          onChange={(event) => {
            const name = event.target.value;
            change('name', name);
            if (!slugTouched) setDraft((current) => ({ ...current, slug: wordsSlug(name) }));
          }}
        />
        <Input
          label="Address"
          placeholder="harbour-pr"
          hint={`Its public page: /newsrooms/${draft.slug || 'your-address'}`}
          value={draft.slug}
          error={errors.slug}
          maxLength={60}
          onChange={(event) => {
            setSlugTouched(true);
            change('slug', event.target.value.toLowerCase());
          }}
        />
        <div className="newsroom-form__pair">
          <ImageUpload label="Logo" value={draft.logo} error={errors.logo} onChange={(logo) => change('logo', logo)} hint="A square image works best." />
          <div className="field newsroom-form__colour">
            <label className="field__label" htmlFor={`${formId}-colour`}>
              Brand colour
            </label>
            <div className="newsroom-form__colour-row">
              <input
                id={`${formId}-colour`}
                type="color"
                className="newsroom-form__swatch"
                value={draft.brandColour || DEFAULT_BRAND_COLOUR}
                onChange={(event) => change('brandColour', event.target.value)}
              />
              <code>{draft.brandColour}</code>
            </div>
            {errors.brandColour && (
              <p className="field__error">
                <ErrorIcon width="16" height="16" />
                <span>{errors.brandColour}</span>
              </p>
            )}
          </div>
        </div>
        <div className={['field', errors.about ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={`${formId}-about`}>
            About
          </label>
          <textarea
            id={`${formId}-about`}
            className="field__input newsroom-form__about"
            rows={4}
            maxLength={5000}
            value={draft.about}
            aria-describedby={`${formId}-about-hint`}
            aria-invalid={errors.about ? true : undefined}
            onChange={(event) => change('about', event.target.value)}
          />
          <p id={`${formId}-about-hint`} className="field__hint">
            {errors.about ?? 'The boilerplate shown under every announcement.'}
          </p>
        </div>
        <fieldset className="newsroom-form__links">
          <legend className="field__label">Links</legend>
          {LINK_FIELDS.map(({ key, label }) => (
            <Input
              key={key}
              label={label}
              type="url"
              inputMode="url"
              placeholder={key === 'website' ? 'https://example.com' : `https://${key === 'linkedIn' ? 'linkedin' : key === 'twitter' ? 'x' : key}.com/…`}
              value={draft.links[key]}
              error={errors[key]}
              onChange={(event) => change('links', { ...draft.links, [key]: event.target.value }, key)}
            />
          ))}
        </fieldset>
        <Checkbox label="Public: anyone can read this newsroom and its published announcements" checked={draft.isPublic} onChange={(event) => change('isPublic', event.target.checked)} />
      </form>
    </Modal>
  );
}
