import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, Input, PasswordInput, Select } from './Input.tsx';

describe('Input', () => {
  it("is labelled, and says 'Input your search term' unless given a placeholder", () => {
    render(
      <>
        <Input label="Search" hideLabel />
        <Input label="Headline" placeholder="What happened?" hint="Up to 120 characters" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Input your search term');
    const headline = screen.getByRole('textbox', { name: 'Headline' });
    expect(headline).toHaveAttribute('placeholder', 'What happened?');
    expect(headline).toHaveAccessibleDescription('Up to 120 characters');
  });

  it('a numeric input reverts a change above max or longer than maxlength, and keeps the previous value', async () => {
    const user = userEvent.setup();
    render(<Input label="Seats" numeric max={40} maxLength={2} />);
    const seats = screen.getByRole('textbox', { name: 'Seats' });
    await user.type(seats, '4');
    await user.type(seats, '9');
    expect(seats).toHaveValue('4');
    await user.type(seats, 'x');
    expect(seats).toHaveValue('4');
    await user.clear(seats);
    await user.type(seats, '1.');
    await user.type(seats, '5');
    expect(seats).toHaveValue('1.');
  });

  it('a numeric input reverts a value below min when the person leaves it', async () => {
    const user = userEvent.setup();
    render(<Input label="Age" numeric min={18} />);
    const age = screen.getByRole('textbox', { name: 'Age' });
    await user.type(age, '21');
    await user.type(age, '{Backspace}');
    expect(age).toHaveValue('2');
    await user.tab();
    expect(age).toHaveValue('21');
  });

  it('a controlled numeric input hands only accepted values to its owner', async () => {
    const user = userEvent.setup();
    const changes = vi.fn();
    function Form() {
      const [value, setValue] = useState('5');
      return (
        <Input
          label="Rating"
          numeric
          max={10}
          value={value}
          onChange={(event) => {
            changes(event.target.value);
            setValue(event.target.value);
          }}
        />
      );
    }
    render(<Form />);
    const rating = screen.getByRole('textbox', { name: 'Rating' });
    await user.type(rating, '0');
    expect(rating).toHaveValue('5');
    await user.type(rating, '{Backspace}7');
    expect(rating).toHaveValue('7');
    expect(changes.mock.calls.flat()).toEqual(['', '7']);
  });

  it('a required input left empty shows an error state', async () => {
    const user = userEvent.setup();
    render(<Input label="Email" type="email" required />);
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.type(email, 'a');
    await user.clear(email);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This field is required');
    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error it is given', () => {
    render(<Input label="Website" error="Url is not valid" defaultValue="nope" />);
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription('Url is not valid');
  });
});

describe('PasswordInput, Checkbox, Select', () => {
  it('shows and hides a password', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).not.toHaveAttribute('placeholder');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('labels a checkbox and a select', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Checkbox label="Remember me" />
        <Select label="Role" defaultValue="journo">
          <option value="journo">Journalist</option>
          <option value="pr">PR and marketing</option>
        </Select>
      </>,
    );
    await user.click(screen.getByText('Remember me'));
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'pr');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('pr');
  });
});
