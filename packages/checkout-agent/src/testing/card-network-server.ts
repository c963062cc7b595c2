import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { CardNetworkPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';

export interface CardNetworkServer {
  /** What a shop's processor is configured with: `POST` here. */
  readonly url: string;
  close(): Promise<void>;
}

const bodyOf = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The sandbox card network on 127.0.0.1 for tests without the API (docs/adr/0226): the same
 * request and answer as the API's `POST /sandbox/card-network/authorizations`, decided by the
 * issuer given (a `SandboxCardIssuer`, the one the runner issues from). 400 for a malformed body.
 */
export const startCardNetworkServer = async (issuer: CardNetworkPort): Promise<CardNetworkServer> => {
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    void bodyOf(request).then(async (text) => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      const { card, amount, merchant } = isRecord(body) ? body : {};
      if (!isRecord(card) || !isRecord(amount) || !isRecord(merchant))
        return answer(400, { error: true, message: 'card, amount and merchant are required' });
      const decided = await issuer.authorize({
        card: {
          number: String(card['number']),
          expMonth: Number(card['expMonth']),
          expYear: Number(card['expYear']),
          cvc: String(card['cvc']),
        },
        amount: { amount: String(amount['value']), currency: String(amount['currency']).toUpperCase() },
        merchant: { name: String(merchant['name']), url: String(merchant['url']) },
      });
      return E.isRight(decided)
        ? answer(200, decided.right)
        : answer(503, { error: true, message: decided.left.message, code: decided.left.code });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/sandbox/card-network/authorizations`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
