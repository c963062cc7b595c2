import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENARIOS, SHOPS } from '@paykit/shop-corpus';

const SOURCE = fileURLToPath(new URL('../src', import.meta.url));

/** Every TypeScript file under `dir`, nested folders included. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));

/**
 * Runs on shops outside the corpus are what counts (issue 29): the checkout agent's code names
 * no shop it was tried on, no scenario, no product of theirs, and no address they are served at.
 */
describe('the checkout agent is general', () => {
  const files = sourceFiles(SOURCE).map((path) => ({ path, text: readFileSync(path, 'utf8').toLowerCase() }));
  const named = [
    ...SHOPS.flatMap((shop) => [shop.id, shop.name]),
    ...SCENARIOS.map((scenario) => scenario.id),
    'evershop',
    'classic-cotton-t-shirt',
  ].map((name) => name.toLowerCase());

  it('reads its own source (a guard that reads nothing proves nothing)', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(named)('names no %s', (name) => {
    expect(files.filter(({ text }) => text.includes(name)).map(({ path }) => path)).toEqual([]);
  });

  it('holds no loopback address with a port (where corpus and storefront shops are served)', () => {
    const addressed = files.filter(({ text }) => /(127\.0\.0\.1|localhost):\d{2,5}/.test(text));
    expect(addressed.map(({ path }) => path)).toEqual([]);
  });
});
