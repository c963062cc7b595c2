import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: {
    readonly model: string;
    readonly messages: { role: string; content: string | null }[];
    readonly tools: unknown[];
  };
}

/** What the fake answers: a status and body, or nothing at all (the request hangs until close). */
export type FakeReply = { readonly status?: number; readonly json?: unknown; readonly text?: string } | 'hang';

export interface FakeChatApi {
  /** The base URL (POST {url}/chat/completions). */
  readonly url: string;
  readonly requests: ChatRequest[];
  /** Replaces the script: called for each request with what the run has sent so far. */
  script(reply: (request: ChatRequest) => FakeReply): void;
  close(): Promise<void>;
}

/** A local stand-in for an OpenAI-compatible chat completions API that answers from a script. */
export const startFakeChatApi = async (): Promise<FakeChatApi> => {
  const requests: ChatRequest[] = [];
  let reply: (request: ChatRequest) => FakeReply = () => ({ status: 500, json: { error: 'no script' } });
  const server = createServer((incoming, response) => {
    let raw = '';
    incoming.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    incoming.on('end', () => {
      if (incoming.method !== 'POST' || incoming.url !== '/v1/chat/completions')
        return void response.writeHead(404).end();
      const request: ChatRequest = { headers: incoming.headers, body: JSON.parse(raw) as ChatRequest['body'] };
      requests.push(request);
      const answer = reply(request);
      if (answer === 'hang') return;
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(answer.text ?? JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    script: (next) => (reply = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

let calls = 0;
/** A completion whose assistant message calls one tool. */
export const toolCall = (name: string, args: Record<string, unknown>): FakeReply => ({
  json: {
    id: `chatcmpl-${++calls}`,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `call_${calls}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
        },
      },
    ],
  },
});

export const textReply = (content: string): FakeReply => ({
  json: {
    id: `chatcmpl-${++calls}`,
    object: 'chat.completion',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  },
});
