import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { optionalUrlField, phoneField, socialUrlField, timezoneField, urlField, type SocialNetwork } from './validation.ts';

function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, `${JSON.stringify(input)} should be refused`).toBe(false);
  return result.error?.issues[0]?.message;
}

const longPath = (length: number) => `example.com/${'a'.repeat(length - 1)}`;

describe('urlField: "Website and other URLs must be valid"', () => {
  it.each([
    ['example.com/a', 'https://example.com/a'],
    ['example.com', 'https://example.com'],
    ['  www.example.com.au/news?id=1#top  ', 'https://www.example.com.au/news?id=1#top'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com/a', 'https://example.com/a'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['localhost:3000/x', 'https://localhost:3000/x'],
    ['example.com:8080', 'https://example.com:8080'],
    ['http://localhost', 'http://localhost'],
    [longPath(2048), `https://${longPath(2048)}`],
  ])('accepts %j as %j ("Without a scheme, https:// is prepended")', (input, output) => {
    expect(urlField().parse(input)).toBe(output);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['not a url', 'words'],
    ['javascript:alert(1)', 'a script'],
    ['ftp://example.com', 'ftp'],
    ['mailto:someone@example.com', 'mail'],
    ['example', 'a host without a dot'],
    ['example.', 'an empty last label'],
    ['http:example.com', 'a scheme without slashes'],
    ['//example.com', 'no scheme but slashes'],
    [longPath(2049), '"A URL path is at most 2048 characters"'],
  ])("refuses %j (%s) with 'Url is not valid'", (input) => {
    expect(messageOf(urlField(), input)).toBe('Url is not valid');
  });

  it('names the field in the message when given a label', () => {
    expect(messageOf(urlField('Website'), 'not a url')).toBe('Website is not a valid url');
  });

  it('refuses what is not a string', () => {
    expect(urlField().safeParse(42).success).toBe(false);
  });
});

describe('optionalUrlField', () => {
  it.each([
    ['', null],
    ['  ', null],
    [null, null],
    ['example.com/a', 'https://example.com/a'],
  ])('reads %j as %j', (input, output) => {
    expect(optionalUrlField().parse(input)).toBe(output);
  });

  it.each([['not a url'], ['ftp://example.com']])('refuses %j', (input) => {
    expect(messageOf(optionalUrlField(), input)).toBe('Url is not valid');
    expect(messageOf(optionalUrlField('Website'), input)).toBe('Website is not a valid url');
  });
});

describe('phoneField: "optional plus, then digits, spaces, hyphens and parentheses, ending in a digit; empty is allowed"', () => {
  it.each([['+61 (2) 9999-1234'], [''], ['0299991234'], ['1'], ['+1-555-0100']])('accepts %j', (input) => {
    expect(phoneField.parse(input)).toBe(input);
  });

  it('trims', () => {
    expect(phoneField.parse(' 02 9999 1234 ')).toBe('02 9999 1234');
  });

  it.each([['12-'], ['abc'], ['+'], ['++61 2'], ['61+2'], ['(02) 9999 123x'], ['02.9999.1234']])("refuses %j with 'Phone is not valid'", (input) => {
    expect(messageOf(phoneField, input)).toBe('Phone is not valid');
  });
});

const social: Record<SocialNetwork, { message: string; valid: [string, string][]; invalid: string[] }> = {
  twitter: {
    message: 'This is not a Twitter url',
    valid: [
      ['twitter.com/pressroom', 'https://twitter.com/pressroom'],
      ['https://x.com/pressroom', 'https://x.com/pressroom'],
      ['x.com/pressroom', 'https://x.com/pressroom'],
      ['www.twitter.com/press_room_15ch', 'https://www.twitter.com/press_room_15ch'],
      ['http://mobile.twitter.com/pressroom/', 'http://mobile.twitter.com/pressroom/'],
    ],
    invalid: ['twitter.com/abcdefghijklmnop', 'twitter.com', 'twitter.com/press-room', 'facebook.com/pressroom', 'nottwitter.com/pressroom', 'twitter.com.evil.com/pressroom', '@pressroom', 'ftp://twitter.com/pressroom'],
  },
  facebook: {
    message: 'This is not a Facebook url',
    valid: [
      ['facebook.com/pressroom', 'https://facebook.com/pressroom'],
      ['https://www.facebook.com/profile.php?id=100', 'https://www.facebook.com/profile.php?id=100'],
      ['fb.com/pressroom', 'https://fb.com/pressroom'],
      ['m.facebook.com/pressroom', 'https://m.facebook.com/pressroom'],
    ],
    invalid: ['facebook.com', 'facebook.com/', 'twitter.com/pressroom', 'facebook.co/pressroom', 'notfacebook.com/pressroom'],
  },
  linkedIn: {
    message: 'This is not a LinkedIn url',
    valid: [
      ['linkedin.com/in/jane-doe', 'https://linkedin.com/in/jane-doe'],
      ['https://www.linkedin.com/company/pressroom/', 'https://www.linkedin.com/company/pressroom/'],
      ['au.linkedin.com/in/jane-doe', 'https://au.linkedin.com/in/jane-doe'],
      ['www.linkedin.com/school/unsw', 'https://www.linkedin.com/school/unsw'],
    ],
    invalid: ['linkedin.com', 'linked.in/jane', 'evil.linkedin.com.example.com/in/jane', 'x.com/jane'],
  },
  instagram: {
    message: 'This is not a Instagram url',
    valid: [
      ['instagram.com/press.room_1', 'https://instagram.com/press.room_1'],
      ['https://www.instagram.com/pressroom/', 'https://www.instagram.com/pressroom/'],
      [`instagram.com/${'a'.repeat(30)}`, `https://instagram.com/${'a'.repeat(30)}`],
    ],
    invalid: [`instagram.com/${'a'.repeat(31)}`, 'instagram.com', 'instagram.com/press-room', 'instagr.am/pressroom', 'facebook.com/pressroom'],
  },
  youtube: {
    message: 'This is not a Youtube url',
    valid: [
      ['youtube.com/@pressroom', 'https://youtube.com/@pressroom'],
      ['https://www.youtube.com/channel/UC1234567890abcdef', 'https://www.youtube.com/channel/UC1234567890abcdef'],
      ['www.youtube.com/c/Pressroom', 'https://www.youtube.com/c/Pressroom'],
      ['youtube.com/user/pressroom', 'https://youtube.com/user/pressroom'],
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['youtu.be/dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ'],
    ],
    invalid: ['youtube.com', 'youtube.com/watch', 'youtube.com/pressroom', 'youtu.be', 'vimeo.com/pressroom', 'youtube.com.evil.com/@pressroom'],
  },
};

describe.each(Object.entries(social) as [SocialNetwork, (typeof social)[SocialNetwork]][])('socialUrlField(%j)', (network, { message, valid, invalid }) => {
  it.each(valid)('accepts %j as %j', (input, output) => {
    expect(socialUrlField(network).parse(input)).toBe(output);
  });

  it.each(invalid)(`refuses %j with '${message}'`, (input) => {
    expect(messageOf(socialUrlField(network), input)).toBe(message);
  });
});

describe('timezoneField', () => {
  it.each([['Australia/Sydney'], ['UTC'], ['America/Argentina/Buenos_Aires'], ['Etc/GMT+10'], ['Asia/Kolkata']])('accepts %j as given', (input) => {
    expect(timezoneField.parse(input)).toBe(input);
  });

  it.each([['Mars/Base'], [''], ['+10:00'], ['Sydney']])("refuses %j with 'Timezone is not valid'", (input) => {
    expect(messageOf(timezoneField, input)).toBe('Timezone is not valid');
  });
});
