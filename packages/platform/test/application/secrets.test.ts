import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { SecretBox } from '../../src/application/secrets/secret-box.js';
import { SECRETS_KEY_FILE, loadSecretsKey } from '../../src/application/secrets/secrets-key.js';

describe('SecretBox', () => {
  const box = new SecretBox(new Uint8Array(32).fill(1));

  it('opens what it sealed for the same owner, and each seal differs', () => {
    const sealed = box.seal('s3cret', 'project-1');
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed, 'project-1')).toBe('s3cret');
    expect(box.seal('s3cret', 'project-1')).not.toBe(sealed);
  });
  it('refuses another owner, another key and altered text', () => {
    const sealed = box.seal('s3cret', 'project-1');
    expect(() => box.open(sealed, 'project-2')).toThrow();
    expect(() => new SecretBox(new Uint8Array(32).fill(2)).open(sealed, 'project-1')).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const altered = [version, iv, tag, `${ciphertext?.startsWith('A') ? 'B' : 'A'}${ciphertext?.slice(1)}`].join('.');
    expect(() => box.open(altered, 'project-1')).toThrow();
  });
  it('never prints its key', () => {
    expect(inspect(box)).toBe('SecretBox');
    expect(JSON.stringify({ box })).toBe('{"box":"SecretBox"}');
  });
});

describe('loadSecretsKey', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'paykit-secrets-')), 'data');
  });
  afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

  it('reads SECRETS_KEY and refuses a key of the wrong size', () => {
    const value = Buffer.alloc(32, 3).toString('base64');
    expect(loadSecretsKey({ value, dataDir, allowGeneratedFile: false })).toEqual(Buffer.alloc(32, 3));
    expect(() => loadSecretsKey({ value: 'c2hvcnQ=', dataDir, allowGeneratedFile: true })).toThrow(/32 bytes/);
  });
  it('generates a key file once, readable by its owner only, and reuses it', () => {
    const first = loadSecretsKey({ dataDir, allowGeneratedFile: true });
    expect(first).toHaveLength(32);
    expect(statSync(join(dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey({ dataDir, allowGeneratedFile: true })).toEqual(first);
  });
  it('requires SECRETS_KEY where no key file may be generated', () => {
    expect(() => loadSecretsKey({ dataDir, allowGeneratedFile: false })).toThrow(/SECRETS_KEY is required/);
  });
});

describe('SecretBox with a lazy key', () => {
  it('asks for its key on first use only, once', () => {
    let asked = 0;
    const box = new SecretBox(() => {
      asked++;
      return new Uint8Array(32).fill(4);
    });
    expect(asked).toBe(0);
    const sealed = box.seal('x', 'owner');
    expect(box.open(sealed, 'owner')).toBe('x');
    expect(asked).toBe(1);
  });
  it('refuses a key of the wrong size', () => {
    expect(() => new SecretBox(new Uint8Array(16))).toThrow(RangeError);
  });
});
