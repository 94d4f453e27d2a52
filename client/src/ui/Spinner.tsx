import { useEffect, useState } from 'react';
import './Spinner.css';

type SpinnerProps = { size?: 'sm' | 'md' | 'lg'; label?: string; className?: string };

/** A spinning ring; `label` is what a screen reader hears (pass '' when a parent already says it). */
export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const ring = <span className={`spinner spinner--${size}${className ? ` ${className}` : ''}`} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span role="status" className="spinner__wrap">
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Spec section 9: the loading screen is removed 350 ms after it is hidden (it fades out meanwhile). */
export const LOADING_SCREEN_REMOVE_MS = 350;

/** The whole-page loading screen shown until the router is ready; `visible={false}` fades it out, then removes it. */
export function LoadingScreen({ visible = true, label = 'Loading Pressroom' }: { visible?: boolean; label?: string }) {
  const [mounted, setMounted] = useState(visible);

  useEffect(() => {
    if (visible) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), LOADING_SCREEN_REMOVE_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!mounted) return null;
  return (
    <div className={`loading-screen${visible ? '' : ' loading-screen--hiding'}`} aria-busy={visible}>
      <div className="loading-screen__content">
        <span className="loading-screen__brand" aria-hidden="true">
          Pressroom
        </span>
        <Spinner size="lg" label={visible ? label : ''} />
      </div>
    </div>
  );
}
