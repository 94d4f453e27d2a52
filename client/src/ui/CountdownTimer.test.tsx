import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountdownTimer, formatCountdown } from './CountdownTimer.tsx';

describe('CountdownTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down every second from its start value and runs the callback once at zero', () => {
    const onComplete = vi.fn();
    render(<CountdownTimer seconds={3} onComplete={onComplete} label="Resend the code in" />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('0:03');
    expect(timer).toHaveAccessibleName('Resend the code in: 0:03');
    act(() => vi.advanceTimersByTime(999));
    expect(timer).toHaveTextContent('0:03');
    act(() => vi.advanceTimersByTime(1));
    expect(timer).toHaveTextContent('0:02');
    act(() => vi.advanceTimersByTime(1000));
    expect(onComplete).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('0:00');
    expect(onComplete).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(5000));
    expect(onComplete).toHaveBeenCalledOnce();
  });

  it('starts again from a new value', () => {
    const { rerender } = render(<CountdownTimer seconds={2} />);
    act(() => vi.advanceTimersByTime(1000));
    rerender(<CountdownTimer seconds={90} />);
    expect(screen.getByRole('timer')).toHaveTextContent('1:30');
  });

  it('shows minutes and seconds, and hours when there are some', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});
