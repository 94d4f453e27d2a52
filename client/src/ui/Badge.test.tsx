import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge } from './Badge.tsx';
import { EmptyState } from './EmptyState.tsx';
import { LoadingScreen } from './Spinner.tsx';

describe('Badge', () => {
  it('shows 99+ above 99, the count up to 99, and nothing at zero', () => {
    const { container, rerender } = render(<Badge count={100} label="unread messages" />);
    expect(container).toHaveTextContent('99+ unread messages');
    rerender(<Badge count={99} />);
    expect(container).toHaveTextContent(/^99$/);
    rerender(<Badge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('EmptyState', () => {
  it('says what is missing and what to do', () => {
    render(<EmptyState title="No posts yet" description="Posts from your communities appear here." action={<button type="button">Create a post</button>} />);
    expect(screen.getByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a post' })).toBeInTheDocument();
  });
});

describe('LoadingScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('is removed 350 ms after it is hidden', () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Pressroom');
    rerender(<LoadingScreen visible={false} />);
    expect(container.firstChild).toHaveClass('loading-screen--hiding');
    act(() => vi.advanceTimersByTime(349));
    expect(container.firstChild).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(container).toBeEmptyDOMElement();
  });
});
