import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A synchronizer token bound to the session: an HMAC of the session token, so it needs no
 * storage, changes with every login, and no other site can read or forge it. Every console form
 * sends it as `_csrf`; a write without the session's token is refused 403.
 */
export const csrfTokenOf = (sessionToken: string): string =>
  createHmac('sha256', 'paykit-console-csrf').update(sessionToken).digest('base64url');

export const csrfMatches = (sessionToken: string, presented: unknown): boolean => {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
