export interface JsonResponse<Body = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Body;
  readonly text: string;
}

export interface JsonRequest {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string (then sent as is, for malformed-body tests). */
  readonly body?: unknown;
}

/** fetch that sends JSON and parses JSON answers (leaving `body` as text when it is not JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
export const fetchJson = async <Body = any>(url: string, request: JsonRequest = {}): Promise<JsonResponse<Body>> => {
  const hasBody = request.body !== undefined;
  const response = await fetch(url, {
    method: request.method ?? (hasBody ? 'POST' : 'GET'),
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...request.headers },
    body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: body as Body, text };
};

/** Asserts nothing; narrows an answer to the common error body for readable expectations. */
export interface ErrorBodyShape {
  error: true;
  message: string;
  code?: string;
  parameters?: Record<string, unknown>;
}
