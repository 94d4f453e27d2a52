import { describe, expect, it } from 'vitest';

describe('client test environment', () => {
  it('runs in a DOM with storage', () => {
    localStorage.setItem('probe', '1');
    document.body.innerHTML = '<main><h1>Pressroom</h1></main>';
    expect(document.querySelector('h1')).toHaveTextContent('Pressroom');
    expect(localStorage.getItem('probe')).toBe('1');
  });
});
