import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog, AlertDialogHost, confirmDialog } from './AlertDialog.tsx';
import { Modal } from './Modal.tsx';

describe('AlertDialog', () => {
  it("is a labelled alertdialog with the defaults 'Cancel' and 'Apply', the cancel focused", () => {
    const onApply = vi.fn();
    render(<AlertDialog open title="Delete this post?" message="It can be restored later." onApply={onApply} onCancel={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('It can be restored later.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('can have no cancel, its own labels and extra buttons', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    const later = vi.fn();
    render(
      <AlertDialog
        open
        title="This option is under development and will appear soon"
        applyLabel="Ok"
        showCancel={false}
        extraButtons={[{ label: 'Remind me', onClick: later }]}
        onApply={onApply}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ok' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remind me' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(later).toHaveBeenCalledOnce();
    expect(onApply).toHaveBeenCalledOnce();
  });

  it('answers Escape over a modal without closing the modal', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onCancel = vi.fn();
    render(
      <Modal open onClose={onClose} title="Edit post">
        <AlertDialog open title="Discard changes?" onApply={() => {}} onCancel={onCancel} />
      </Modal>,
    );
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('confirmDialog answers true on apply and false on cancel, one question at a time', async () => {
    const user = userEvent.setup();
    render(<AlertDialogHost />);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = confirmDialog({ title: 'Leave the community?', applyLabel: 'Leave', danger: true });
      second = confirmDialog({ title: 'Sign out?' });
    });
    expect(screen.getByRole('alertdialog')).toHaveAccessibleName('Leave the community?');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await expect(first).resolves.toBe(true);
    expect(screen.getByRole('alertdialog', { name: 'Sign out?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
  });
});
