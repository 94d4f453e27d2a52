import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, installReadableErrors, refusalOf } from './error-map.ts';

installReadableErrors();

const linesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('lines a person reads for a refused input', () => {
  const person = z.strictObject({
    lastname: z.string().min(1),
    brandColour: z.string().max(7),
    closeAfterAnswers: z.number().int().min(1),
    isPublic: z.boolean(),
    deadline: z.iso.datetime(),
    role: z.enum(['journo', 'pr', 'expert']),
    emails: z.array(z.string()),
    questions: z.array(z.object({ text: z.string() })).max(2),
  });

  it('names a missing field by its label', () => {
    expect(linesOf(person, {})).toEqual([
      'Last name is required',
      'Brand colour is required',
      'Number of answers is required',
      'Is public is required',
      'Deadline is required',
      'Role is required',
      'Emails are required',
      'Questions are required',
    ]);
  });

  it('says what kind of value a field takes, and where in a list', () => {
    const wrong = { lastname: 7, brandColour: true, closeAfterAnswers: 'many', isPublic: 'yes', deadline: 'soon', role: 'editor', emails: ['a', 3], questions: [{ text: 1 }, {}] };
    expect(linesOf(person, wrong)).toEqual([
      'Last name must be text',
      'Brand colour must be text',
      'Number of answers must be a number',
      'Is public must be true or false',
      'Deadline must be a date and time',
      'Role must be one of journo, pr, expert',
      'Item 2 of emails must be text',
      'Question 1 must be text',
      'Question 2 is required',
    ]);
  });

  it('gives limits in words, and refuses a field that does not exist', () => {
    const valid = { lastname: 'Lee', brandColour: '#000', closeAfterAnswers: 1, isPublic: true, deadline: '2030-01-01T00:00:00Z', role: 'pr', emails: [], questions: [] };
    expect(linesOf(person, { ...valid, lastname: '', brandColour: '#1d4ed80', closeAfterAnswers: 0, questions: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], favouriteColour: 'blue' })).toEqual([
      'Last name is required',
      'Brand colour must be at most 7 characters',
      'Number of answers must be at least 1',
      'Questions must have at most 2 items',
      'Favourite colour is not a field here',
    ]);
  });

  it('leaves a contract’s own message as the contract wrote it', () => {
    expect(linesOf(z.object({ title: z.string().min(1, { message: 'Title is required' }) }), { title: '' })).toEqual(['Title is required']);
  });

  it('labels the body as a whole, and keys by their words', () => {
    expect(linesOf(person, undefined)).toEqual(['The request body is required']);
    expect([fieldLabel(['assigneeId']), fieldLabel(['contactIds']), fieldLabel(['links', 'linkedIn']), fieldLabel(['addresses', 'postal', 'postcode'])]).toEqual([
      'Assignee',
      'Contacts',
      'LinkedIn',
      'Postcode',
    ]);
  });
});

describe('a refusal as the API answers it', () => {
  it('has each line once, and the lines of each field by its path; an unknown key’s line is the whole form’s', () => {
    const issues = z.strictObject({ links: z.object({ twitter: z.string(), website: z.string() }) }).safeParse({ links: { twitter: 1, website: 1 }, extra: 1 }).error!.issues;
    expect(refusalOf(issues)).toEqual({
      errors: ['Twitter must be text', 'Website must be text', 'Extra is not a field here'],
      fields: { 'links.twitter': ['Twitter must be text'], 'links.website': ['Website must be text'] },
    });
  });

  it('keeps a path a sender chose as plain data, `__proto__` included', () => {
    const { fields } = refusalOf([{ code: 'custom', path: ['__proto__'], message: 'Not this' }]);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['Not this']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });
});
