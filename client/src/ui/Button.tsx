import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './Spinner.tsx';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Shows a spinner and refuses clicks until the work is done, keeping the label (and the button's width). */
  loading?: boolean;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant = 'primary', size = 'md', loading = false, block = false, type = 'button', className, disabled, children, ...props }: ButtonProps) {
  const classes = ['button', `button--${variant}`, `button--${size}`, block && 'button--block', loading && 'button--loading', className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading && <Spinner size="sm" label="" className="button__spinner" />}
      <span className="button__label">{children}</span>
    </button>
  );
}
