import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CommunityType, CommunityView } from '../../../../contracts/communities/api.ts';
import { ApiError, api, linesOf, placeLines } from '../../lib/api/index.ts';
import { Button, Input, Modal, Select, showToast } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';
import { ImageUpload, type HeldImage } from '../newsrooms/ImageUpload.tsx';
import '../newsrooms/newsrooms.css';

type Draft = { name: string; newSlug: string; description: string; type: CommunityType; country: string; logo: HeldImage | null; banner: HeldImage | null };
type Field = 'name' | 'newSlug' | 'description' | 'type' | 'country' | 'logo' | 'banner';

// The form needs only an image's path; an image stored before has no upload id to show.
const held = (path: string | null): HeldImage | null => (path ? { id: 0, path } : null);

const draftOf = (community: CommunityView): Draft => ({
  name: community.name,
  newSlug: community.slug,
  description: community.description,
  type: community.type,
  country: community.country ?? '',
  logo: held(community.logo),
  banner: held(community.banner),
});

/** What changed, as PATCH /api/v1/communities/{slug} takes it: what is left out stays as it is. */
export function changesOf(community: CommunityView, draft: Draft): Record<string, string | null> {
  const changes: Record<string, string | null> = {};
  if (draft.name !== community.name) changes.name = draft.name;
  if (draft.newSlug !== community.slug) changes.newSlug = draft.newSlug;
  if (draft.description !== community.description) changes.description = draft.description;
  if (draft.type !== community.type) changes.type = draft.type;
  if ((draft.country || null) !== community.country) changes.country = draft.country || null;
  if ((draft.logo?.path ?? null) !== community.logo) changes.logo = draft.logo?.path ?? null;
  if ((draft.banner?.path ?? null) !== community.banner) changes.banner = draft.banner?.path ?? null;
  return changes;
}

type EditCommunityModalProps = { community: CommunityView | null; onClose: () => void; onSaved: (community: CommunityView) => void };

/** A community's details edited by one of its admins (or a platform admin), the server's lines under their fields. */
export function EditCommunityModal({ community, onClose, onSaved }: EditCommunityModalProps) {
  const formId = useId();
  const [draft, setDraft] = useState<Draft | null>(community && draftOf(community));
  const [fieldLines, setFieldLines] = useState<Partial<Record<Field, string>>>({});
  const [formLines, setFormLines] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setDraft(community && draftOf(community));
    setFieldLines({});
    setFormLines([]);
  }, [community]);

  const change = <K extends Field>(key: K, value: Draft[K]) => {
    setDraft((current) => current && { ...current, [key]: value });
    setFieldLines((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!community || !draft) return;
    const changes = changesOf(community, draft);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const saved = await api.patch<CommunityView>(`/api/v1/communities/${encodeURIComponent(community.slug)}`, changes, { quiet: true });
      showToast({ type: 'success', lines: [`${saved.name} saved`] });
      onSaved(saved);
    } catch (failure) {
      if (!(failure instanceof ApiError)) {
        setFormLines(['The community could not be saved. Check your connection and try again.']);
        return;
      }
      const { byPath, rest } = placeLines(linesOf(failure), failure.fields);
      setFieldLines(Object.fromEntries(Object.entries(byPath).map(([path, lines]) => [path, lines.join(' ')])));
      setFormLines(rest);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={community !== null}
      onClose={onClose}
      title={community ? `Edit ${community.name}` : 'Edit community'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save changes
          </Button>
        </>
      }
    >
      {draft && (
        <form id={formId} className="dev-form" onSubmit={(event) => void submit(event)} noValidate>
          {formLines.length > 0 && (
            <p className="newsroom-form__problem" role="alert">
              <ErrorIcon width="16" height="16" />
              <span>{formLines.join(' ')}</span>
            </p>
          )}
          <Input label="Name" required placeholder="Health reporters" value={draft.name} error={fieldLines.name} maxLength={120} onChange={(event) => change('name', event.target.value)} />
          <Input
            label="Address"
            placeholder="health-reporters"
            hint={`Its page: /community/${draft.newSlug || 'its-address'}. The old address keeps leading here.`}
            value={draft.newSlug}
            error={fieldLines.newSlug}
            maxLength={60}
            onChange={(event) => change('newSlug', event.target.value.toLowerCase())}
          />
          <div className={['field', fieldLines.description ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
            <label className="field__label" htmlFor={`${formId}-description`}>
              Description
            </label>
            <textarea
              id={`${formId}-description`}
              className="field__input"
              rows={3}
              maxLength={2000}
              value={draft.description}
              aria-invalid={fieldLines.description ? true : undefined}
              aria-describedby={fieldLines.description ? `${formId}-description-error` : undefined}
              onChange={(event) => change('description', event.target.value)}
            />
            {fieldLines.description && (
              <p id={`${formId}-description-error`} className="field__error">
                <ErrorIcon width="16" height="16" />
                <span>{fieldLines.description}</span>
              </p>
            )}
          </div>
          <div className="dev-form__pair">
            <Select label="Who may join" value={draft.type} error={fieldLines.type} onChange={(event) => change('type', event.target.value as CommunityType)}>
              <option value="public">Anyone (public)</option>
              <option value="private">Those an admin lets in (private)</option>
            </Select>
            <Input
              label="Country"
              placeholder="AU"
              hint="Two letters, such as AU or GB; empty for none."
              value={draft.country}
              error={fieldLines.country}
              maxLength={2}
              onChange={(event) => change('country', event.target.value.toUpperCase())}
            />
          </div>
          <div className="dev-form__pair">
            <ImageUpload label="Logo" value={draft.logo} error={fieldLines.logo} onChange={(logo) => change('logo', logo)} />
            <ImageUpload label="Banner" shape="wide" value={draft.banner} error={fieldLines.banner} onChange={(banner) => change('banner', banner)} />
          </div>
        </form>
      )}
    </Modal>
  );
}
