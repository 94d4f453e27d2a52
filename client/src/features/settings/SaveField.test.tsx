import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstNameBody, linksBody } from '../../../../contracts/users/settings.ts';
import { ApiError } from '../../lib/api/index.ts';
import { clearToasts, Toaster } from '../../ui/toast.tsx';
import { SaveField, SaveToggle } from './SaveField.tsx';
import { issueOf } from './validation.ts';

afterEach(() => act(() => clearToasts()));

const twitter = (draft: string) => issueOf(linksBody, { twitter: draft });

function renderField(save: (draft: string) => Promise<unknown>, value = '') {
  render(
    <>
      <SaveField label="X (Twitter)" value={value} validate={twitter} save={save} />
      <button type="button">elsewhere</button>
      <Toaster />
    </>,
  );
  return screen.getByRole('textbox', { name: 'X (Twitter)' });
}

describe('a setting that saves on its own', () => {
  it('shows the spec’s message under the field and sends nothing when the draft is wrong', async () => {
    const save = vi.fn(async () => undefined);
    const input = renderField(save);
    await userEvent.type(input, 'facebook.com/someone');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByText('This is not a Twitter url')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This is not a Twitter url');
    expect(save).not.toHaveBeenCalled();

    // Put right, the message goes at once and the next Enter saves.
    await userEvent.clear(input);
    await userEvent.type(input, 'x.com/pressroom');
    expect(screen.queryByText('This is not a Twitter url')).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(save).toHaveBeenCalledWith('x.com/pressroom');
    expect(await screen.findByRole('status')).toHaveTextContent('X (Twitter) saved.');
  });

  it('saves when the field is left, once, and not at all when nothing changed', async () => {
    const save = vi.fn(async () => undefined);
    const input = renderField(save, 'https://x.com/before');
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(save).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'x.com/after');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal under the field', async () => {
    const input = renderField(async () => {
      throw new ApiError(422, { errors: ['This is not a Twitter url'] });
    });
    await userEvent.type(input, 'x.com/ok{Enter}');
    expect(await screen.findByText('This is not a Twitter url')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('Escape brings back the saved value', async () => {
    render(<SaveField label="First name" value="Ana" validate={(firstname) => issueOf(firstNameBody, { firstname })} save={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    await userEvent.clear(input);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('Ana');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
  });
});

describe('an on/off setting', () => {
  it('flips at once, and flips back with the server’s lines when the save fails', async () => {
    let fail = false;
    const save = vi.fn(async () => {
      if (fail) throw new ApiError(422, { errors: ['No such newsletter'] });
    });
    render(
      <>
        <SaveToggle label="Daily briefing" checked={false} save={save} savedText={(on) => (on ? 'Subscribed.' : 'Unsubscribed.')} />
        <Toaster />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: 'Daily briefing' });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(save).toHaveBeenLastCalledWith(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Subscribed.');

    fail = true;
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('No such newsletter');
    expect(toggle).toBeChecked();
  });
});
