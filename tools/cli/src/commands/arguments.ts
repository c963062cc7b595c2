import { type ApiKeyKind, type Environment, type JwtInput, isApiKeyKind, isEnvironment } from '@paykit/platform';
import { UsageError } from '../io.js';
import type { OptionValues } from './command.js';

export const requiredString = (values: OptionValues, name: string): string => {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
};

export const optionalString = (values: OptionValues, name: string): string | undefined => {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} needs a value`);
  return value;
};

export const environmentOption = (values: OptionValues, fallback: Environment): Environment => {
  const value = optionalString(values, 'env') ?? fallback;
  if (!isEnvironment(value)) throw new UsageError(`--env must be staging or production, not ${value}`);
  return value;
};

export const kindOption = (values: OptionValues): ApiKeyKind => {
  const value = requiredString(values, 'kind');
  if (!isApiKeyKind(value)) throw new UsageError(`--kind must be server or client, not ${value}`);
  return value;
};

/** `--scopes a,b` (spaces allowed after commas); undefined when absent, for the kind's default. */
export const scopesOption = (values: OptionValues): string[] | undefined => {
  const value = optionalString(values, 'scopes');
  if (value === undefined) return undefined;
  const scopes = value
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
  if (scopes.length === 0) throw new UsageError('--scopes needs at least one scope');
  return scopes;
};

export const JWT_OPTIONS = {
  'jwt-secret': { type: 'string' },
  'jwt-public-key-file': { type: 'string' },
  'jwt-jwks-url': { type: 'string' },
} as const;

/** At most one of --jwt-secret, --jwt-public-key-file, --jwt-jwks-url. */
export const jwtOption = (values: OptionValues, readFile: (path: string) => string): JwtInput | null => {
  const given = Object.keys(JWT_OPTIONS).filter((name) => values[name] !== undefined);
  if (given.length > 1) throw new UsageError(`Give only one of ${given.map((name) => `--${name}`).join(', ')}`);
  const secret = optionalString(values, 'jwt-secret');
  if (secret !== undefined) return { type: 'hs256', secret };
  const url = optionalString(values, 'jwt-jwks-url');
  if (url !== undefined) return { type: 'jwks', url };
  const file = optionalString(values, 'jwt-public-key-file');
  if (file === undefined) return null;
  try {
    return { type: 'public-key', publicKeyPem: readFile(file) };
  } catch (error) {
    throw new UsageError(`Cannot read --jwt-public-key-file ${file}: ${(error as Error).message}`);
  }
};
