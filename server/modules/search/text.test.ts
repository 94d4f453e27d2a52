import { describe, expect, it } from 'vitest';
import { highlighted, searchTerms } from './text.ts';

describe('search text', () => {
  it('escapes everything and marks only what ts_headline marked', () => {
    expect(highlighted('<script>x</script> & \u0001climate\u0002 "talks"')).toBe('&lt;script&gt;x&lt;/script&gt; &amp; <mark>climate</mark> &quot;talks&quot;');
  });

  it('takes the last word as a prefix while it is typed, but not a short, quoted or excluded one', () => {
    expect(searchTerms('flood clim')).toEqual({ text: 'flood clim', head: 'flood ', prefix: 'clim:*' });
    expect(searchTerms('flood cl').prefix).toBe('');
    expect(searchTerms('"flood maps').prefix).toBe('');
    expect(searchTerms('flood -coal').prefix).toBe('');
    expect(searchTerms('flood ').prefix).toBe('');
    expect(searchTerms('flood or').prefix).toBe('');
  });
});
