import './Segmented.css';

export type SegmentedProps<T extends string> = {
  /** What the choice is about, for screen readers. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
};

/** One of a few choices as pressed buttons in a pill: a view, a scope, a kind. */
export function Segmented<T extends string>({ label, options, value, onChange, className }: SegmentedProps<T>) {
  return (
    <div className={className ? `segmented ${className}` : 'segmented'} role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value} type="button" className={`segmented__option${option.value === value ? ' segmented__option--on' : ''}`} aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
