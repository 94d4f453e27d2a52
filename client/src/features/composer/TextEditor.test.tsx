import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_DEBOUNCE_MS, TextEditor } from './TextEditor.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the editor’s input debounce (spec section 9: 300 ms)', () => {
  it('passes the text on 300 ms after the last key, once', () => {
    const onChange = vi.fn();
    render(<TextEditor label="Content" value="" onChange={onChange} />);
    const area = screen.getByLabelText('Content');
    fireEvent.change(area, { target: { value: 'Hel' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(area, { target: { value: 'Hello' } });
    act(() => vi.advanceTimersByTime(EDITOR_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Hello');
  });

  it('passes it on at once when the person leaves the field, and not again after', () => {
    const onChange = vi.fn();
    render(<TextEditor label="Content" value="" onChange={onChange} />);
    const area = screen.getByLabelText('Content');
    fireEvent.change(area, { target: { value: 'Quick' } });
    fireEvent.blur(area);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Quick');
    act(() => vi.advanceTimersByTime(EDITOR_DEBOUNCE_MS * 2));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('shows its error tied to the field', () => {
    render(<TextEditor label="Content" value="" onChange={() => {}} error="Content is required" />);
    expect(screen.getByLabelText('Content')).toHaveAccessibleDescription('Content is required');
    expect(screen.getByLabelText('Content')).toHaveAttribute('aria-invalid', 'true');
  });
});
