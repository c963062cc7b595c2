import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRETS_KEY_FILE = 'secrets.key';
const KEY_BYTES = 32;

export interface SecretsKeySource {
  /** `SECRETS_KEY`: base64 of 32 bytes. */
  readonly value?: string | undefined;
  readonly dataDir: string;
  /**
   * Development only: without `SECRETS_KEY`, generate a key once in `<dataDir>/secrets.key`
   * (mode 0600) and reuse it, so the API and the CLI on the same data directory agree.
   */
  readonly allowGeneratedFile: boolean;
}

const decode = (text: string, origin: string): Buffer => {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${origin} must be the base64 encoding of ${KEY_BYTES} bytes`);
  return key;
};

const readKeyFile = (path: string): Buffer | null => {
  try {
    return decode(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/** The deployment's secrets key: from `SECRETS_KEY`, or (development) a generated key file. */
export const loadSecretsKey = (source: SecretsKeySource): Buffer => {
  if (source.value !== undefined && source.value !== '') return decode(source.value, 'SECRETS_KEY');
  if (!source.allowGeneratedFile) {
    throw new Error('SECRETS_KEY is required (base64 of 32 bytes, e.g. `openssl rand -base64 32`)');
  }
  const path = join(source.dataDir, SECRETS_KEY_FILE);
  const existing = readKeyFile(path);
  if (existing) return existing;
  mkdirSync(source.dataDir, { recursive: true });
  // Written aside, then linked into place: link fails if the file exists, so of two processes
  // starting at once exactly one key wins and neither ever reads a half-written file.
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  const written = readKeyFile(path);
  if (!written) throw new Error(`could not create ${path}`);
  return written;
};
