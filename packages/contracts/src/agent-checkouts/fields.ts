import { isPositiveDecimalWithin, parseDecimal } from '@paykit/kernel';
import { z } from 'zod';
import { ISO_3166_ALPHA2_CODES } from './country-codes.js';

/**
 * Field rules shared by the agent-checkout contracts. Lengths count characters (code points):
 * zod 4 measures `min`/`max` of a string that way.
 */
export const characters = (min: number, max: number) =>
  z.string().min(min, `must be at least ${min} character(s)`).max(max, `must be at most ${max} characters`);

/** Any UUID in its canonical 8-4-4-4-12 hexadecimal form (RFC 9562 grammar, any version). */
export const uuid = () => z.guid({ error: 'must be a UUID' });

export const currencyCode = () => z.string().regex(/^[A-Z]{3}$/, 'must be three uppercase letters');

/** The spec's maxCost amount: positive, at most 15 integer and 6 fractional digits, no sign or exponent. */
export const maxCostAmount = () =>
  z.string().refine((value) => isPositiveDecimalWithin(value, { maxIntegerDigits: 15, maxFractionDigits: 6 }), {
    message: 'must be a positive decimal with at most 15 integer and 6 fractional digits',
  });

/** A non-negative plain decimal string ("12", "0.50"), as money crosses the boundary. */
export const decimalAmount = () =>
  z.string().refine((value) => parseDecimal(value) !== null, { message: 'must be a non-negative decimal string' });

export const positiveDecimalAmount = () =>
  z.string().refine((value) => parseDecimal(value)?.gt(0) === true, { message: 'must be a positive decimal string' });

export const money = () => z.strictObject({ amount: decimalAmount(), currency: currencyCode() });

/** Characters a URI may hold (RFC 3986): no spaces, no raw non-ASCII, well-formed percent escapes. */
const URI_CHARACTERS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

/** An absolute http(s) URI with an authority, echoed exactly as sent. */
export const httpUri = () =>
  z
    .string()
    .regex(URI_CHARACTERS, 'must be a URI (no spaces or unescaped characters)')
    .regex(/^https?:\/\//i, 'must be an absolute http or https URI')
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an absolute http or https URI' }));

export const absoluteUri = () => z.url({ error: 'must be an absolute URI' });

/** UTC ISO 8601 ending in Z, fractional seconds optional. */
export const utcTimestamp = () => z.iso.datetime({ error: 'must be a UTC ISO 8601 timestamp ending in Z' });

/** Trimmed and uppercased, then checked against the assigned ISO 3166-1 alpha-2 codes. */
export const countryCode = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(ISO_3166_ALPHA2_CODES, { error: 'must be an ISO 3166-1 alpha-2 country code' }));

const integerText = z.string().regex(/^\d+$/, 'must be an integer').transform(Number);

/** An integer query parameter: digits only when it arrives as text (no "0x10", "1e2" or " 5"). */
export const queryInteger = (min: number, max: number) =>
  z.union([z.int(), integerText]).pipe(z.int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/**
 * Any JSON value (an answer to a form). Not `z.json()`: its recursion converts to a JSON Schema
 * `$defs` that OpenAPI components cannot reference. Nested values are whatever JSON holds.
 */
export const jsonValue = () =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

export const cursor = () => z.string().min(1, 'must not be empty');

/** At least one property: a present but empty object says nothing. */
export const notEmptyObject = (value: object): boolean => Object.keys(value).length > 0;
