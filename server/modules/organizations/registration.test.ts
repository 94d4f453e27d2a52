import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const { admin } = useDemo(t);

describe('registering companies', () => {
  it('gives two companies of one name, registered at the same moment, each a slug of its own', async () => {
    const answers = await Promise.all(
      ['tides.example', 'tides.example.org', 'tides.example.net'].map((website) => admin.call('POST', '/api/v1/companies', { name: 'Tide Works', website })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const slugs = answers.map((a) => a.json().slug as string);
    expect(new Set(slugs).size).toBe(3);
    expect(slugs).toContain('tide-works');
  });

  it('refuses a second page for a domain that has one', async () => {
    await admin.call('POST', '/api/v1/companies', { name: 'Harbour Clients', website: 'https://harbour.example' });
    const again = await admin.call('POST', '/api/v1/companies', { name: 'Harbour Again', website: 'https://www.harbour.example/about' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual(['Harbour Clients already has a page for harbour.example']);
  });
});
