import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  /** The `webhook-id` header: the same on every retry of one message. */
  readonly messageId: string;
  readonly headers: IncomingHttpHeaders;
  /** Exactly as received: signatures are checked on it, never on re-serialised JSON. */
  readonly rawBody: string;
  readonly receivedAt: Date;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/webhooks`: register it as an endpoint. */
  readonly url: string;
  readonly deliveries: readonly ReceivedDelivery[];
  close(): Promise<void>;
}

/** Answers the HTTP status to send back (2xx: delivered; anything else: the API retries later). */
export type DeliveryHandler = (delivery: ReceivedDelivery) => Promise<number> | number;

const MAX_BODY_BYTES = 1_048_576;

/**
 * A local HTTP endpoint that takes the API's webhook POSTs, keeps each raw body and its headers,
 * and answers what `handle` says (200 by default).
 */
export const startWebhookReceiver = async (
  handle: DeliveryHandler = () => 200,
  host = '127.0.0.1',
): Promise<WebhookReceiver> => {
  const deliveries: ReceivedDelivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      if (request.method !== 'POST' || size > MAX_BODY_BYTES) {
        response.writeHead(request.method === 'POST' ? 413 : 405).end();
        return;
      }
      const delivery: ReceivedDelivery = {
        messageId: String(request.headers['webhook-id'] ?? ''),
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date(),
      };
      deliveries.push(delivery);
      Promise.resolve(handle(delivery)).then(
        (status) => response.writeHead(status).end(),
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port: 0 }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/webhooks`,
    deliveries,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
