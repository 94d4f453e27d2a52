import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast, Toaster } from './toast.tsx';

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<Toaster />);
  });

  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('shows a toast in a polite live region, and an error in an alert', () => {
    act(() => {
      showToast({ type: 'success', lines: ['Saved'] });
      showToast({ type: 'error', title: 'Could not save', lines: ['Title: required', 'Body: too long'] });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not save');
    expect(Array.from(alert.querySelectorAll('li'), (item) => item.textContent)).toEqual(['Title: required', 'Body: too long']);
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(alert);
  });

  it('auto-closes after 5000 ms (normal) with a 300 ms transition', () => {
    act(() => showToast({ type: 'info', lines: ['Link copied'] }));
    advance(4999);
    expect(screen.getByRole('status')).not.toHaveClass('toast--leaving');
    advance(1);
    expect(screen.getByRole('status')).toHaveClass('toast--leaving');
    advance(299);
    expect(screen.getByRole('status')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps an error 8000 ms (long), and a toast whatever duration it asks for', () => {
    act(() => {
      showToast({ type: 'error', lines: ['Nope'] });
      showToast({ type: 'info', lines: ['Quick'], duration: 8000 });
    });
    advance(7999);
    expect(screen.getByRole('alert')).not.toHaveClass('toast--leaving');
    expect(screen.getByRole('status')).not.toHaveClass('toast--leaving');
    advance(1 + 300);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('pauses on hover and resumes with the time left on mouse leave', () => {
    act(() => showToast({ type: 'warning', lines: ['Slow connection'] }));
    advance(2000);
    fireEvent.mouseEnter(screen.getByRole('status'));
    advance(60_000);
    expect(screen.getByRole('status')).not.toHaveClass('toast--leaving');
    fireEvent.mouseLeave(screen.getByRole('status'));
    advance(2999);
    expect(screen.getByRole('status')).not.toHaveClass('toast--leaving');
    advance(1);
    expect(screen.getByRole('status')).toHaveClass('toast--leaving');
  });

  it('pauses while the keyboard is on its close button, which dismisses it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    act(() => showToast({ type: 'info', lines: ['Welcome back'] }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toHaveFocus();
    advance(10_000);
    expect(screen.getByRole('status')).not.toHaveClass('toast--leaving');
    await user.keyboard('{Enter}');
    advance(300);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
