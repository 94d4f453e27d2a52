import { describe, expect, it } from 'vitest';
import { linkKey } from '../../../contracts/news/links.ts';

describe('which addresses are the same page, for commentary', () => {
  it.each([
    ['https://Outlet.Example/Markets/rates/', '//outlet.example/Markets/rates'],
    ['http://outlet.example/markets/rates?utm_source=x&UTM_Medium=y&id=3#comments', '//outlet.example/markets/rates?id=3'],
    ['https://outlet.example:443/', '//outlet.example'],
    ['https://outlet.example:8443/a//', '//outlet.example:8443/a'],
    ['  https://outlet.example/a?b=1&a=2  ', '//outlet.example/a?b=1&a=2'],
  ])('%s is %s', (address, key) => expect(linkKey(address)).toBe(key));

  it.each(['mailto:desk@outlet.example', 'ftp://outlet.example/a', 'not an address', ''])('%s is no page', (address) => expect(linkKey(address)).toBeNull());
});
