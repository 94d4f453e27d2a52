import { describe, expect, it } from 'vitest';
import { defaultDue, errorsByField, fromLocalInput, linkText, toLocalInput } from './form.ts';

describe('a task’s due date on the person’s clock', () => {
  it('reads and writes the instant in the person’s timezone (Australia/Sydney by default)', () => {
    expect(fromLocalInput('2030-03-02T09:00', 'Australia/Sydney')).toBe('2030-03-01T22:00:00.000Z');
    expect(toLocalInput('2030-03-01T22:00:00.000Z', 'Australia/Sydney')).toBe('2030-03-02T09:00');
    expect(toLocalInput('2030-03-01T22:00:00.000Z', 'Europe/London')).toBe('2030-03-01T22:00');
    expect(fromLocalInput('', 'Australia/Sydney')).toBeNull();
  });

  it('starts a new task due tomorrow at nine', () => {
    expect(defaultDue('Australia/Sydney', new Date('2030-03-01T22:00:00Z'))).toBe('2030-03-03T09:00');
  });
});

describe('the server’s lines', () => {
  it('go beside the field they are about', () => {
    expect(errorsByField(['Title is required', 'The assignee must be a person of your account', 'Due date is not a valid date', 'The linked contact does not exist'])).toEqual({
      title: 'Title is required',
      assignee: 'The assignee must be a person of your account',
      due: 'Due date is not a valid date',
      link: 'The linked contact does not exist',
    });
  });

  it('name a link by its label, or by its kind and number', () => {
    expect(linkText({ kind: 'contact', id: 3, label: 'Mia Chen' })).toBe('Contact: Mia Chen');
    expect(linkText({ kind: 'announcement', id: 4, label: null })).toBe('Announcement #4');
  });
});
