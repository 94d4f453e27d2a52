import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { BEATS, type Beat } from '../../../../contracts/users/enums.ts';
import { outletResponsibilityBody } from '../../../../contracts/users/settings.ts';
import { BeatPicker } from '../profiles/Beats.tsx';
import { roleLabel } from '../profiles/labels.ts';
import { SaveField } from './SaveField.tsx';
import { saveWithToast } from './saving.ts';
import { issueOf } from './validation.ts';

export type ResponsibilityValue = { roles: readonly string[]; beats: readonly Beat[]; roleTitle: string | null };
export type ResponsibilityChange = { roles?: string[]; beats?: number[]; roleTitle?: string | null };

type Props = {
  /** Ends each label: "at Harbour PR" makes "Roles at Harbour PR". */
  suffix: string;
  roleOptions: readonly string[];
  value: ResponsibilityValue;
  save: (change: ResponsibilityChange) => Promise<unknown>;
  children?: ReactNode;
};

const roleTitleOnly = z.object({ roleTitle: outletResponsibilityBody.shape.roleTitle });

/** What a person does somewhere: a role title, roles and beats, each saved on its own. */
export function ResponsibilityFields({ suffix, roleOptions, value, save, children }: Props) {
  const [busy, setBusy] = useState(false);
  const run = async (change: ResponsibilityChange, success: string) => {
    if (busy) return;
    setBusy(true);
    await saveWithToast(() => save(change), success);
    setBusy(false);
  };
  const toggleRole = (role: string, on: boolean) =>
    run({ roles: on ? [...value.roles, role] : value.roles.filter((held) => held !== role) }, `Roles ${suffix} saved.`);
  const toggleBeat = (beat: Beat, on: boolean) =>
    run({ beats: on ? [...value.beats.map((held) => held.id), beat.id] : value.beats.filter((held) => held.id !== beat.id).map((held) => held.id) }, `Beats ${suffix} saved.`);

  return (
    <div className="responsibility__fields">
      <SaveField
        label={`Role title ${suffix}`}
        name="roleTitle"
        maxLength={200}
        value={value.roleTitle ?? ''}
        validate={(roleTitle) => issueOf(roleTitleOnly, { roleTitle })}
        save={(roleTitle) => save({ roleTitle })}
      />
      <fieldset className="chip-picker" aria-busy={busy || undefined}>
        <legend className="chip-picker__legend">Roles {suffix}</legend>
        <div className="chip-picker__options">
          {roleOptions.map((role) => {
            const on = value.roles.includes(role);
            return (
              <button key={role} type="button" className={`chip${on ? ' chip--on' : ''}`} aria-pressed={on} onClick={() => void toggleRole(role, !on)}>
                {roleLabel(role)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <BeatPicker legend={`Beats ${suffix}`} beats={BEATS} chosen={value.beats.map((beat) => beat.id)} disabled={busy} onToggle={(beat, on) => void toggleBeat(beat, on)} />
      {children}
    </div>
  );
}
