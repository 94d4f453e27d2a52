import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the demo feeds are kept, and the address the app serves them at. */
export const DEMO_FEEDS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-feeds');
export const DEMO_FEEDS_PATH = '/news/demo-feeds/';

/** The demo outlets, as the seed registers them. */
export const DEMO_FEEDS = [
  { file: 'harbour-times.xml', name: 'Harbour Times business', outlet: 'Harbour Times', beats: ['business'], country: 'AU' },
  { file: 'southern-tech.xml', name: 'Southern Tech Review', outlet: 'Southern Tech Review', beats: ['tech'], country: 'NZ' },
  { file: 'capital-politics.xml', name: 'Capital Politics Daily', outlet: 'Capital Politics Daily', beats: ['politics'], country: 'GB' },
] as const;

const FIRST_ITEMS = 4;
const ONE_MORE_EVERY_MS = 4 * 60_000;

/**
 * A demo feed as an outlet that keeps publishing would serve it: its first items at once, and
 * one more every few minutes after the app started, so the wire of a fresh start keeps moving.
 */
export function demoFeed(file: string, sinceStartMs: number): string | null {
  const full = path.join(DEMO_FEEDS_DIR, file);
  if (!fs.existsSync(full)) return null;
  const xml = fs.readFileSync(full, 'utf8');
  const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
  if (items.length === 0) return xml;
  const shown = Math.min(items.length, FIRST_ITEMS + Math.floor(sinceStartMs / ONE_MORE_EVERY_MS));
  return xml.slice(0, xml.indexOf('<item>')) + items.slice(0, shown).join('\n    ') + xml.slice(xml.lastIndexOf('</item>') + '</item>'.length);
}
