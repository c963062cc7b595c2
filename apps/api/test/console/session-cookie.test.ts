import { cookieOf, sessionCookie } from '../../src/console/session/cookies.js';
import { csrfMatches, csrfTokenOf } from '../../src/console/session/csrf.js';

describe('console session cookie and CSRF token', () => {
  it('is Secure in production only, and clears with Max-Age=0', () => {
    const expiresAt = '2026-01-01T08:00:00.000Z';
    expect(sessionCookie('o.s', { secure: true, expiresAt })).toBe(
      'paykit_console=o.s; Path=/console; HttpOnly; SameSite=Strict; Secure; Expires=Thu, 01 Jan 2026 08:00:00 GMT',
    );
    expect(sessionCookie('', { secure: false })).toBe(
      'paykit_console=; Path=/console; HttpOnly; SameSite=Strict; Max-Age=0',
    );
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(cookieOf('a=1; paykit_console=o.s%3D; b=2', 'paykit_console')).toBe('o.s=');
    expect(cookieOf(undefined, 'paykit_console')).toBeUndefined();
  });

  it('accepts only the token of the same session', () => {
    expect(csrfMatches('o.one', csrfTokenOf('o.one'))).toBe(true);
    expect(csrfMatches('o.one', csrfTokenOf('o.two'))).toBe(false);
    expect(csrfMatches('o.one', undefined)).toBe(false);
    expect(csrfMatches('o.one', '')).toBe(false);
  });
});
