import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './Tooltip.tsx';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function setup(trigger?: 'hover' | 'click') {
  render(
    <div>
      <Tooltip content="Only members can comment" trigger={trigger}>
        <button type="button">Why?</button>
      </Tooltip>
      <p>Elsewhere</p>
    </div>,
  );
  return screen.getByRole('button', { name: 'Why?' });
}

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on hover after 300 ms, describes its trigger, and closes when the pointer leaves', () => {
    const button = setup();
    fireEvent.mouseEnter(button);
    advance(299);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Only members can comment');
    expect(button).toHaveAccessibleDescription('Only members can comment');
    fireEvent.mouseLeave(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-describedby');
  });

  it('does not open when the pointer leaves before 300 ms', () => {
    const button = setup();
    fireEvent.mouseEnter(button);
    advance(200);
    fireEvent.mouseLeave(button);
    advance(500);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('toggles on click, and hovering does not reopen it for 200 ms after a click closed it', () => {
    const button = setup();
    fireEvent.click(button);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.click(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    advance(199);
    fireEvent.mouseEnter(button);
    advance(300);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.mouseLeave(button);
    advance(1);
    fireEvent.mouseEnter(button);
    advance(300);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it('a click trigger ignores hover and closes on an outside click, not on a click inside it', () => {
    const button = setup('click');
    fireEvent.mouseEnter(button);
    advance(1000);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.click(button);
    fireEvent.mouseLeave(button);
    fireEvent.mouseDown(screen.getByRole('tooltip'));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on keyboard focus and closes on Escape', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const button = setup();
    await user.tab();
    expect(button).toHaveFocus();
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('a manual tooltip follows its open prop only', () => {
    const { rerender } = render(
      <Tooltip content="Saved" trigger="manual" open={false}>
        <button type="button">Save</button>
      </Tooltip>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Save' }));
    advance(1000);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    rerender(
      <Tooltip content="Saved" trigger="manual" open>
        <button type="button">Save</button>
      </Tooltip>,
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent('Saved');
  });

  it('keeps the trigger’s own handlers', () => {
    const onClick = vi.fn();
    render(
      <Tooltip content="Copy link">
        <button type="button" onClick={onClick}>
          Share
        </button>
      </Tooltip>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
