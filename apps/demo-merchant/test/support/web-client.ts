export interface WebResponse {
  readonly status: number;
  readonly body: string;
  readonly location?: string;
}

/**
 * A minimal browser over real HTTP: keeps cookies, posts forms, follows a redirect when asked.
 * (`app.inject` cannot run under jest on Node 20: light-my-request requires the ESM-only `cookie`.)
 */
export class WebClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly userAgent = 'Mozilla/5.0 (demo-merchant tests)',
  ) {}

  get(path: string): Promise<WebResponse> {
    return this.send('GET', path);
  }

  post(path: string, form: Record<string, string>): Promise<WebResponse> {
    return this.send('POST', path, new URLSearchParams(form).toString());
  }

  /** Posts a form and, on a 303, loads the page it leads to. */
  async submit(path: string, form: Record<string, string>): Promise<WebResponse & { readonly path: string }> {
    const response = await this.post(path, form);
    if (response.status !== 303 || !response.location) return { ...response, path };
    return { ...(await this.get(response.location)), path: response.location };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  private async send(method: 'GET' | 'POST', path: string, payload?: string): Promise<WebResponse> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        'user-agent': this.userAgent,
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(payload !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(payload !== undefined ? { body: payload } : {}),
    });
    for (const header of response.headers.getSetCookie()) this.store(header);
    const location = response.headers.get('location');
    return { status: response.status, body: await response.text(), ...(location ? { location } : {}) };
  }

  private store(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const expired = attributes.some(
      (attribute) =>
        /^max-age=0$/i.test(attribute) || (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) < Date.now()),
    );
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
