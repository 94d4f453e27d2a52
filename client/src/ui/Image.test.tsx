import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafeImage } from './Image.tsx';

describe('SafeImage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a load error after 1500 ms and shows the fallback instead', () => {
    const onLoadError = vi.fn();
    render(<SafeImage src="/uploads/missing.jpg" alt="Ada Lovelace" onLoadError={onLoadError} />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));
    act(() => vi.advanceTimersByTime(1499));
    expect(onLoadError).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).tagName).toBe('IMG');
    act(() => vi.advanceTimersByTime(1));
    expect(onLoadError).toHaveBeenCalledExactlyOnceWith('/uploads/missing.jpg');
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).tagName).toBe('SPAN');
  });

  it('forgets a failure when its source is replaced within 1500 ms', () => {
    const onLoadError = vi.fn();
    const { rerender } = render(<SafeImage src="/uploads/processing.jpg" alt="Cover" onLoadError={onLoadError} />);
    fireEvent.error(screen.getByRole('img'));
    act(() => vi.advanceTimersByTime(1000));
    rerender(<SafeImage src="/uploads/cover.jpg" alt="Cover" onLoadError={onLoadError} />);
    fireEvent.load(screen.getByRole('img'));
    act(() => vi.advanceTimersByTime(5000));
    expect(onLoadError).not.toHaveBeenCalled();
    expect(screen.getByRole('img')).toHaveClass('is-loaded');
  });

  it('shows the given fallback', () => {
    render(<SafeImage src="" alt="Logo" fallback={<span>HP</span>} />);
    expect(screen.getByText('HP')).toBeInTheDocument();
  });
});
