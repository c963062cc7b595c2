import type { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  bigint: 'an integer',
  date: 'a date',
  null: 'null',
};

const FORMAT_NAMES: Readonly<Record<string, string>> = {
  email: 'an email address',
  url: 'a URL',
  uuid: 'a UUID',
  guid: 'a UUID',
  datetime: 'an ISO 8601 date-time such as 2025-01-31T12:00:00Z',
  date: 'a date in the form YYYY-MM-DD',
  time: 'a time in the form HH:MM:SS',
  duration: 'an ISO 8601 duration',
  base64: 'base64',
  base64url: 'base64url',
  e164: 'a phone number in E.164 form',
};

const list = (values: readonly unknown[]): string => values.map((value) => JSON.stringify(value)).join(', ');

const sizeRule = (issue: RawIssue & { code: 'too_small' | 'too_big' }, bound: 'at least' | 'at most'): string => {
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  switch (issue.origin) {
    case 'string':
      return issue.code === 'too_small' && Number(limit) === 1
        ? 'must not be empty'
        : `must be ${bound} ${limit} characters long`;
    case 'array':
    case 'set':
      return `must have ${bound} ${limit} items`;
    default: {
      if (issue.inclusive === false) return `must be ${issue.code === 'too_small' ? 'greater' : 'less'} than ${limit}`;
      return `must be ${bound} ${limit}`;
    }
  }
};

/**
 * A zod error map (passed per parse, so messages a contract sets itself still win) that words
 * each broken rule for people: "is required", "must be a UUID", "must be at most 100". The API
 * answers a 400 with these; the server's configuration check uses them too.
 */
export const describeIssue = (issue: RawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return sizeRule(issue, 'at least');
    case 'too_big':
      return sizeRule(issue, 'at most');
    case 'invalid_format':
      if (issue.format === 'regex') return `must match the pattern ${String(issue.pattern)}`;
      if (issue.format === 'starts_with') return `must start with ${JSON.stringify(issue.prefix)}`;
      if (issue.format === 'ends_with') return `must end with ${JSON.stringify(issue.suffix)}`;
      return `must be ${FORMAT_NAMES[issue.format] ?? `a valid ${issue.format}`}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${list(issue.values)}` : `must be one of ${list(issue.values)}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${list(issue.keys)}`;
    case 'invalid_union': {
      const options = (issue as { options?: readonly unknown[] }).options;
      if (options) return `must be one of ${list(options)}`;
      return 'does not match any of the accepted shapes';
    }
    case 'invalid_key':
      return 'has an invalid key';
    case 'invalid_element':
      return 'has an invalid element';
    default:
      return undefined;
  }
};

/** `['lineItems', 0, 'amount']` -> `lineItems[0].amount`; odd keys are quoted. */
export const formatIssuePath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    const key = String(segment);
    if (/^[A-Za-z_$][\w$-]*$/.test(key)) return text === '' ? key : `${text}.${key}`;
    return `${text}[${JSON.stringify(key)}]`;
  }, '');
