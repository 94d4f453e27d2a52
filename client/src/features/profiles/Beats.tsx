import type { Beat } from '../../../../contracts/users/enums.ts';
import './beats.css';

/** A beat's name as people read it: the spec's ids are lower case (business, tech). */
export const beatLabel = (beat: Pick<Beat, 'name'>) => beat.name.charAt(0).toUpperCase() + beat.name.slice(1);

// The spec names each beat's colour (business blue, politics green...); the class carries it.
const beatClass = (beat: Pick<Beat, 'color'>) => `beat beat--${beat.color}`;

/** A person's or a responsibility's beats, each in its colour. */
export function BeatList({ beats, label = 'Beats' }: { beats: readonly Beat[]; label?: string }) {
  if (beats.length === 0) return null;
  return (
    <ul className="beat-list" aria-label={label}>
      {beats.map((beat) => (
        <li key={beat.id} className={beatClass(beat)}>
          {beatLabel(beat)}
        </li>
      ))}
    </ul>
  );
}

type BeatPickerProps = {
  legend: string;
  beats: readonly Beat[];
  chosen: readonly number[];
  onToggle: (beat: Beat, on: boolean) => void;
  disabled?: boolean;
};

/** The spec's six beats as toggles in their colours; the chosen ones are pressed. */
export function BeatPicker({ legend, beats, chosen, onToggle, disabled = false }: BeatPickerProps) {
  return (
    <fieldset className="beat-picker">
      <legend className="beat-picker__legend">{legend}</legend>
      <div className="beat-picker__options">
        {beats.map((beat) => {
          const on = chosen.includes(beat.id);
          return (
            <button
              key={beat.id}
              type="button"
              className={`${beatClass(beat)} beat--toggle${on ? ' beat--on' : ''}`}
              aria-pressed={on}
              aria-disabled={disabled || undefined}
              onClick={() => {
                if (!disabled) onToggle(beat, !on);
              }}
            >
              {beatLabel(beat)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
