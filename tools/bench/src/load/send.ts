import { type Agent, request as httpRequest } from 'node:http';

export interface Sent {
  readonly status: number;
  readonly body: string;
}

/** One request on `agent`'s keep-alive sockets; resolves with the status and body once the answer has been read. */
export const send = (
  agent: Agent,
  url: URL,
  request: { readonly method: string; readonly headers: Record<string, string>; readonly body?: string | undefined },
): Promise<Sent> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: request.method, headers: request.headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
