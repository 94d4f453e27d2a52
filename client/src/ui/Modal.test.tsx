import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODAL_ANIMATION_MS } from './DialogFrame.tsx';
import { Modal, type ModalProps } from './Modal.tsx';

function Page(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Edit profile
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Edit profile"
        footer={<button type="button">Save</button>}
        {...props}
      >
        <label>
          Name <input defaultValue="Ada" />
        </label>
      </Modal>
    </main>
  );
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Edit profile' }));
  return screen.getByRole('dialog', { name: 'Edit profile' });
}

describe('Modal', () => {
  afterEach(() => vi.useRealTimers());

  it('is a labelled modal dialog that takes the focus and gives it back on close', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const dialog = await openModal(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await openModal(user);
    const close = screen.getByRole('button', { name: 'Close' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes on Escape, the backdrop and the close button, and stays 200 ms for its animation', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Page />);

    await openModal(user);
    await user.keyboard('{Escape}');
    const closing = screen.getByRole('dialog', { name: 'Edit profile' });
    expect(closing.parentElement).toHaveClass('is-closing');
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS - 1));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const dialog = await openModal(user);
    // A press inside that ends on the backdrop (selecting text) is not a backdrop click.
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog.parentElement!);
    expect(dialog.parentElement).not.toHaveClass('is-closing');
    await user.click(dialog.parentElement!);
    expect(dialog.parentElement).toHaveClass('is-closing');
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS));

    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with closing disabled: no Escape, no backdrop close, no close button', async () => {
    const user = userEvent.setup();
    render(<Page disableClose />);
    const dialog = await openModal(user);
    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(dialog.parentElement).not.toHaveClass('is-closing');
  });

  it('lets a before-close hook veto, also asynchronously', async () => {
    const user = userEvent.setup();
    let allow = false;
    const beforeClose = vi.fn(async () => allow);
    render(<Page beforeClose={beforeClose} />);
    const dialog = await openModal(user);
    await user.keyboard('{Escape}');
    expect(beforeClose).toHaveBeenCalledOnce();
    expect(dialog.parentElement).not.toHaveClass('is-closing');
    allow = true;
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.parentElement).toHaveClass('is-closing');
  });

  it('names a dialog without a title by its aria-label', () => {
    render(
      <Modal open onClose={() => {}} ariaLabel="Post">
        <p>Body</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Post' })).toBeInTheDocument();
  });
});
