import { type ScryptOptions, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Operator passwords, hashed with scrypt (memory-hard, ADR 0820): N = 2^15, r = 8, p = 1 uses
 * 32 MiB and about 100 ms a hash, so a stolen store costs an attacker that much per guess.
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so parameters can grow without a migration.
 */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
export const PASSWORD_MIN_LENGTH = 12;

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 128 * options.N! * options.r! * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMETERS);
  const { N, r, p } = PARAMETERS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
};

/** Compared against when the email is unknown, so a wrong email takes as long as a wrong password. */
export const UNKNOWN_OPERATOR_HASH = `scrypt$${PARAMETERS.N}$${PARAMETERS.r}$${PARAMETERS.p}$AAAAAAAAAAAAAAAAAAAAAA$${'A'.repeat(43)}`;

/** A one-time password for a new operator: 24 random base64url characters (144 bits). */
export const generatePassword = (): string => randomBytes(18).toString('base64url');
