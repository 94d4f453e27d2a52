import { useEffect, useRef, useState } from 'react';
import './CountdownTimer.css';

/** Seconds left from `seconds`, ticking every second (spec section 9), calling `onZero` once at zero. */
export function useCountdown(seconds: number, onZero?: () => void): number {
  const [left, setLeft] = useState(seconds);
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;

  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) {
      onZeroRef.current?.();
      return;
    }
    // Counted against a deadline, so a throttled background tab does not slow the clock down.
    const deadline = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) {
        clearInterval(timer);
        onZeroRef.current?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  return left;
}

export function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export type CountdownTimerProps = {
  /** Where to count down from, in seconds; a new value starts again. */
  seconds: number;
  onComplete?: () => void;
  /** What the time is the time of ("Time left to answer"), for screen readers. */
  label?: string;
  className?: string;
};

export function CountdownTimer({ seconds, onComplete, label, className }: CountdownTimerProps) {
  const left = useCountdown(seconds, onComplete);
  return (
    <span role="timer" aria-label={label ? `${label}: ${formatCountdown(left)}` : undefined} className={['countdown', className].filter(Boolean).join(' ')}>
      {formatCountdown(left)}
    </span>
  );
}
