/** The session cookie: HttpOnly, SameSite=Strict, Path=/console, Secure in production (ADR 0820). */
export const SESSION_COOKIE = 'paykit_console';

export const cookieOf = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
};

export const sessionCookie = (token: string, options: { secure: boolean; expiresAt?: string }): string =>
  [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/console',
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
    options.expiresAt === undefined ? 'Max-Age=0' : `Expires=${new Date(options.expiresAt).toUTCString()}`,
  ].join('; ');
