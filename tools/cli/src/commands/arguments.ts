import {
  type ApiKeyKind,
  type Environment,
  type JwtInput,
  type JwtRulesChange,
  isApiKeyKind,
  isEnvironment,
} from '@paykit/platform';
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

/** `--name a,b` (spaces allowed after commas); undefined when absent. */
const listOption = (values: OptionValues, name: string): string[] | undefined => {
  const value = optionalString(values, name);
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new UsageError(`--${name} needs at least one value`);
  return items;
};

/** `--scopes a,b` (spaces allowed after commas); undefined when absent, for the kind's default. */
export const scopesOption = (values: OptionValues): string[] | undefined => listOption(values, 'scopes');

export const JWT_OPTIONS = {
  'jwt-secret': { type: 'string' },
  'jwt-public-key-file': { type: 'string' },
  'jwt-jwks-url': { type: 'string' },
} as const;

/** The rules a project's tokens must meet (ADR 0310); the two booleans clear one in `project jwt`. */
export const JWT_RULE_OPTIONS = {
  'jwt-issuer': { type: 'string' },
  'jwt-audience': { type: 'string' },
  'jwt-max-lifetime': { type: 'string' },
  'jwt-any-issuer': { type: 'boolean' },
  'jwt-any-audience': { type: 'boolean' },
} as const;

export const JWT_RULES_USAGE =
  '[--jwt-issuer ISS | --jwt-any-issuer] [--jwt-audience AUD[,AUD] | --jwt-any-audience] [--jwt-max-lifetime SECONDS]';

/** The rule options given: a value sets a rule, --jwt-any-* clears one; absent ones are not in the change. */
export const jwtRulesOption = (values: OptionValues): JwtRulesChange => {
  for (const rule of ['issuer', 'audience'] as const) {
    if (values[`jwt-${rule}`] !== undefined && values[`jwt-any-${rule}`] === true) {
      throw new UsageError(`Give --jwt-${rule} or --jwt-any-${rule}, not both`);
    }
  }
  const issuer = optionalString(values, 'jwt-issuer');
  const audience = listOption(values, 'jwt-audience');
  const lifetime = optionalString(values, 'jwt-max-lifetime');
  if (lifetime !== undefined && !/^\d{1,9}$/.test(lifetime)) {
    throw new UsageError(`--jwt-max-lifetime must be a number of seconds, not ${lifetime}`);
  }
  return {
    ...(issuer !== undefined && { issuer }),
    ...(values['jwt-any-issuer'] === true && { issuer: null }),
    ...(audience !== undefined && { audience }),
    ...(values['jwt-any-audience'] === true && { audience: null }),
    ...(lifetime !== undefined && { maxLifetimeSeconds: Number(lifetime) }),
  };
};

/**
 * The key option with the rules given beside it (unset rules take their defaults); null without
 * a key option, which rules alone cannot stand for unless `rulesAlone` (`project jwt` changes them).
 */
export const jwtWithRulesOption = (
  values: OptionValues,
  readFile: (path: string) => string,
  { rulesAlone }: { readonly rulesAlone: boolean },
): JwtInput | null => {
  const jwt = jwtOption(values, readFile);
  const rules = jwtRulesOption(values);
  const { issuer, audience, maxLifetimeSeconds } = rules;
  if (jwt === null) {
    if (!rulesAlone && Object.keys(rules).length > 0) {
      throw new UsageError('--jwt-issuer, --jwt-audience and --jwt-max-lifetime need a JWT key option');
    }
    return null;
  }
  return {
    ...jwt,
    ...(typeof issuer === 'string' && { issuer }),
    ...(audience && { audience }),
    ...(typeof maxLifetimeSeconds === 'number' && { maxLifetimeSeconds }),
  };
};

/** At most one of --jwt-secret, --jwt-public-key-file, --jwt-jwks-url. */
const jwtOption = (values: OptionValues, readFile: (path: string) => string): JwtInput | null => {
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
