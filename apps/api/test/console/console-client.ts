/** A browser's part in the console's HTTP tests: a cookie jar, form posts, the page's CSRF token. */
export interface ConsolePage {
  readonly status: number;
  readonly location: string | null;
  readonly setCookie: readonly string[];
  readonly html: string;
}

export class ConsoleClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly rootUrl: string) {}

  async get(path: string): Promise<ConsolePage> {
    return this.request('GET', path);
  }

  /** Posts a form as a browser does (application/x-www-form-urlencoded). */
  async post(path: string, fields: Record<string, string | readonly string[]>): Promise<ConsolePage> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(key, one);
    return this.request('POST', path, body.toString());
  }

  /** The login form, then its post with the form's token; the session cookie is kept. */
  async login(email: string, password: string): Promise<ConsolePage> {
    const form = await this.get('/console/login');
    return this.post('/console/login', { _csrf: csrfOf(form.html), email, password });
  }

  /** The jar as a Cookie header, for requests that read bytes rather than a page. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  hasSession(): boolean {
    return (this.cookies.get('paykit_console') ?? '') !== '';
  }

  private async request(method: string, path: string, body?: string): Promise<ConsolePage> {
    const response = await fetch(`${this.rootUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        cookie: this.cookieHeader(),
      },
      ...(body === undefined ? {} : { body }),
    });
    const setCookie = response.headers.getSetCookie();
    for (const cookie of setCookie) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, value.join('='));
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      setCookie,
      html: await response.text(),
    };
  }
}

/** The CSRF token a page's forms carry. */
export const csrfOf = (html: string): string => {
  const token = /name="_csrf" value="([^"]*)"/.exec(html)?.[1];
  if (token === undefined) throw new Error('the page has no form token');
  return token;
};
