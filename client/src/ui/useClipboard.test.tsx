import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClipboard } from './useClipboard.ts';

function CopyLink() {
  const { copy, copied } = useClipboard();
  return (
    <button type="button" onClick={() => void copy('https://pressroom.local/app/posts/12')}>
      {copied ? 'Copied' : 'Copy link'}
    </button>
  );
}

const writeText = vi.fn<(text: string) => Promise<void>>();

async function clickCopy() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
}

describe('useClipboard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset();
    // jsdom has no clipboard; the browser's is this one method.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it('copies the text and raises the copied flag for 1500 ms', async () => {
    writeText.mockResolvedValue(undefined);
    render(<CopyLink />);
    await clickCopy();
    expect(writeText).toHaveBeenCalledExactlyOnceWith('https://pressroom.local/app/posts/12');
    expect(screen.getByRole('button')).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('button')).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button')).toHaveTextContent('Copy link');
  });

  it('raises no flag when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    render(<CopyLink />);
    await clickCopy();
    expect(screen.getByRole('button')).toHaveTextContent('Copy link');
  });
});
