import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { ChevronDownIcon, ErrorIcon, EyeIcon, EyeOffIcon } from './icons.tsx';
import './Input.css';

/** Spec section 9: the placeholder an input has unless it is given one. */
export const DEFAULT_PLACEHOLDER = 'Input your search term';
export const REQUIRED_MESSAGE = 'This field is required';

type FieldOwnProps = {
  label: ReactNode;
  /** The label stays for screen readers but is not drawn (a search box with an icon). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
};

type FieldProps = FieldOwnProps & { id: string; hintId: string; errorId: string; required?: boolean; children: ReactNode; className?: string };

function Field({ id, label, hideLabel, hint, hintId, error, errorId, required, children, className }: FieldProps) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          <ErrorIcon width="16" height="16" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

const numberPattern = /^-?\d*\.?\d*$/;

function setNativeValue(input: HTMLInputElement, value: string): void {
  // Through the prototype's setter and an input event, so React's onChange sees the change too.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> &
  FieldOwnProps & {
    /**
     * Digits only; a change above `max` or longer than `maxLength` is reverted at once, and a
     * value below `min` is reverted when the person leaves the field (spec section 5).
     */
    numeric?: boolean;
    /** Something drawn inside the field's end (a show-password button). */
    trailing?: ReactNode;
    ref?: Ref<HTMLInputElement>;
  };

export function Input({
  label,
  hideLabel,
  hint,
  error,
  numeric = false,
  trailing,
  id: givenId,
  className,
  placeholder = DEFAULT_PLACEHOLDER,
  required,
  min,
  max,
  maxLength,
  value,
  defaultValue,
  onChange,
  onBlur,
  ref,
  ...props
}: InputProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const initial = String(value ?? defaultValue ?? '');
  const [current, setCurrent] = useState(initial);
  const [interacted, setInteracted] = useState(false);
  // The last value the numeric rules accepted: what a rejected change goes back to.
  const accepted = useRef(initial);
  const inRange = useRef(initial);

  useEffect(() => {
    if (value === undefined) return;
    setCurrent(String(value));
    accepted.current = String(value);
  }, [value]);

  const below = (text: string) => min !== undefined && text !== '' && Number(text) < Number(min);
  const allowed = (text: string) =>
    text === '' ||
    (numberPattern.test(text) &&
      (maxLength === undefined || text.length <= maxLength) &&
      (max === undefined || Number.isNaN(Number(text)) || Number(text) <= Number(max)));

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    if (numeric && !allowed(next)) {
      event.target.value = accepted.current;
      return;
    }
    accepted.current = next;
    if (!below(next)) inRange.current = next;
    setCurrent(next);
    setInteracted(true);
    onChange?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setInteracted(true);
    if (numeric && below(event.target.value)) setNativeValue(event.target, inRange.current);
    onBlur?.(event);
  };

  const missing = required && interacted && current === '';
  const shownError = error ?? (missing ? REQUIRED_MESSAGE : undefined);
  return (
    <Field id={id} label={label} hideLabel={hideLabel} hint={hint} hintId={hintId} error={shownError} errorId={errorId} required={required} className={className}>
      <div className={`field__control${trailing ? ' field__control--trailing' : ''}`}>
        <input
          ref={ref}
          id={id}
          className="field__input"
          placeholder={placeholder || undefined}
          required={required}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : undefined, shownError ? errorId : undefined)}
          {...(numeric ? { inputMode: 'decimal' as const } : { min, max, maxLength })}
          value={value}
          defaultValue={defaultValue}
          onChange={handleChange}
          onBlur={handleBlur}
          {...props}
        />
        {trailing && <span className="field__trailing">{trailing}</span>}
      </div>
    </Field>
  );
}

export type PasswordInputProps = Omit<InputProps, 'type' | 'trailing' | 'numeric'>;

export function PasswordInput({ placeholder = '', autoComplete = 'current-password', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      placeholder={placeholder}
      autoComplete={autoComplete}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label="Show password"
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? <EyeOffIcon width="18" height="18" /> : <EyeIcon width="18" height="18" />}
        </button>
      }
    />
  );
}

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function Checkbox({ label, hint, id: givenId, className, ref, ...props }: CheckboxProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = `${id}-hint`;
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <input ref={ref} id={id} type="checkbox" className="checkbox__input" aria-describedby={hint ? hintId : undefined} {...props} />
      <div>
        <label htmlFor={id} className="checkbox__label">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & FieldOwnProps & { ref?: Ref<HTMLSelectElement> };

export function Select({ label, hideLabel, hint, error, id: givenId, className, required, children, ref, ...props }: SelectProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Field id={id} label={label} hideLabel={hideLabel} hint={hint} hintId={hintId} error={error} errorId={errorId} required={required} className={className}>
      <div className="field__control field__control--select">
        <select
          ref={ref}
          id={id}
          className="field__input field__select"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
          {...props}
        >
          {children}
        </select>
        <ChevronDownIcon className="field__chevron" width="18" height="18" />
      </div>
    </Field>
  );
}
