import { describe, expect, it } from 'vitest';
import { guessMapping, mappingToSend, previewOf } from './importPreview.ts';

describe('the import’s preview step', () => {
  it('reads the headers and the first rows, quotes and all', () => {
    const text = '\uFEFFFull name,E-mail,Outlet,Twitter\n"Chen, Mia",mia@herald.example,The Herald,https://twitter.com/miachen\nTom Walker,tom@metro.example,Metro,\n';
    expect(previewOf(text, true)).toEqual({
      headers: ['Full name', 'E-mail', 'Outlet', 'Twitter'],
      rows: [
        ['Chen, Mia', 'mia@herald.example', 'The Herald', 'https://twitter.com/miachen'],
        ['Tom Walker', 'tom@metro.example', 'Metro', ''],
      ],
    });
  });

  it('does not choke on a file cut off inside a quoted cell', () => {
    const text = 'name,email\nA,a@x.example\nB,b@x.example\nC,c@x.example\nD,d@x.example\nE,e@x.example\nF,f@x.example\n"G, cut';
    expect(previewOf(text, false).rows).toHaveLength(5);
  });

  it('guesses the fields of common headers and leaves the rest out', () => {
    expect(guessMapping(['First Name', 'Surname', 'Email address', 'Publication', 'Mobile', 'Shoe size', 'email'])).toEqual({
      'First Name': 'firstName',
      Surname: 'lastName',
      'Email address': 'emails',
      Publication: 'outlets',
      Mobile: 'mobile',
      'Shoe size': '',
      email: '',
    });
    // An export's own headers map to themselves, so an exported file imports again as it is.
    expect(guessMapping(['name', 'workReception', 'linkedIn'])).toEqual({ name: 'name', workReception: 'workReception', linkedIn: 'linkedIn' });
  });

  it('sends only mapped columns, and nothing until a column fills the name', () => {
    expect(mappingToSend({ Email: 'emails', Notes: '' })).toBeNull();
    expect(mappingToSend({ Email: 'emails', Notes: '', Surname: 'lastName' })).toEqual({ Email: 'emails', Surname: 'lastName' });
  });
});
