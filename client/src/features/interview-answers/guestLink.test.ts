import { beforeEach, describe, expect, it } from 'vitest';
import { lastFinished, linkFor, rememberFinished, rememberLink } from './guestLink.ts';

beforeEach(() => {
  sessionStorage.clear();
});

describe('the answer link a guest opened', () => {
  it('is kept for the tab, per interview, so the pages after the first need no secret in their address', () => {
    rememberLink(9, { type: 'video', hash: 'secret-nine' });
    rememberLink(10, { type: 'text', hash: 'secret-ten' });
    expect(linkFor(9)).toEqual({ type: 'video', hash: 'secret-nine' });
    expect(linkFor(10)).toEqual({ type: 'text', hash: 'secret-ten' });
    expect(localStorage.length).toBe(0);
  });

  it('is none for an interview the tab reached without its link, or with something that is not one', () => {
    expect(linkFor(11)).toBeNull();
    sessionStorage.setItem('pressroom:interview-link:12', JSON.stringify({ type: 'audio', hash: 'x' }));
    sessionStorage.setItem('pressroom:interview-link:13', '{not json');
    expect(linkFor(12)).toBeNull();
    expect(linkFor(13)).toBeNull();
  });

  it('leaves what the finish page thanks the guest for', () => {
    expect(lastFinished()).toBeNull();
    rememberFinished({ title: 'Housing costs', interviewer: 'Jo Reporter' });
    expect(lastFinished()).toEqual({ title: 'Housing costs', interviewer: 'Jo Reporter' });
  });
});
