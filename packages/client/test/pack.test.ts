import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};

/**
 * `npm pack` builds the package (prepack) into a tarball that installs offline into an app
 * outside the workspace and imports there: the client a team would install.
 */
describe('@paykit/client as a package: npm pack, install the tarball, import it', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-client-pack-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('packs dist and the README only, installs offline and works from plain Node', () => {
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_offline: 'true' } });
    npm(['pack', '--pack-destination', dir, '--silent'], PACKAGE);
    const tarball = `paykit-client-${manifest.version}.tgz`;
    expect(readdirSync(dir)).toEqual([tarball]);
    const files = execFileSync('tar', ['tzf', join(dir, tarball)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(files).toEqual(
      expect.arrayContaining(['package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts']),
    );
    expect(files.filter((file) => !/^package\/(dist\/|README\.md$|package\.json$)/.test(file))).toEqual([]);

    // An app of its own; the client's runtime dependencies are there already (no network here).
    const app = join(dir, 'app');
    mkdirSync(join(app, 'node_modules'), { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    for (const dependency of Object.keys(manifest.dependencies))
      symlinkSync(realpathSync(join(PACKAGE, 'node_modules', dependency)), join(app, 'node_modules', dependency));
    npm(['install', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, tarball)], app);

    const script = `
      import { createPayKitClient, expectOk, verifyWebhook, WebhookVerificationError } from '@paykit/client';
      const client = createPayKitClient({ baseUrl: 'http://127.0.0.1:9/api', apiKey: 'sk_staging_x' });
      let refused = false;
      try { verifyWebhook('whsec_' + Buffer.from('k'.repeat(32)).toString('base64'), {}, '{}'); }
      catch (error) { refused = error instanceof WebhookVerificationError; }
      console.log(JSON.stringify({ get: typeof client.GET, expectOk: typeof expectOk, refused }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ get: 'function', expectOk: 'function', refused: true });
  }, 300_000);
});
