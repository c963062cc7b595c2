import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../../', import.meta.url);
const patterns = readFileSync(new URL('.dockerignore', ROOT), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** Docker's pattern syntax (Go filepath.Match plus `**`), as a regular expression over a whole path. */
const toRegExp = (pattern: string): RegExp => {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (pattern.startsWith('**/', index)) {
      source += '(?:.*/)?';
      index += 2;
    } else if (pattern.startsWith('**', index)) {
      source += '.*';
      index += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
};
const rules = patterns.map(toRegExp);

/** Excluded when the path, or a directory it is in, matches a pattern (there are no `!` exceptions). */
const excluded = (path: string): boolean => {
  const parts = path.split('/');
  return parts.some((_, index) => rules.some((rule) => rule.test(parts.slice(0, index + 1).join('/'))));
};

describe('.dockerignore: the build context of deploy/Dockerfile (the repository root)', () => {
  it('keeps out dependencies, build output, data directories and secrets', () => {
    const kept = [
      'node_modules/.pnpm/x/index.js',
      'apps/api/node_modules/@paykit/client/index.js',
      'apps/api/dist/main.js',
      '.data/secrets.key',
      '.data/events.db',
      'apps/api/.data/read-models.db',
      'events.db-wal',
      'deploy/.env',
      '.env.production',
      'certs/server.pem',
      '.git/HEAD',
    ].filter((path) => !excluded(path));
    expect(kept).toEqual([]);
  });

  it('sends every file the repository tracks: the image builds from the sources', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked.filter(excluded)).toEqual([]);
  });
});
