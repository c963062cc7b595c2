import { type FastifyRequest } from 'fastify';
import { type AcpCheckoutService } from './acp/service.js';
import { LATEST_VERSION } from './acp/versions.js';
import { type Catalogue } from './catalogue/catalogue.js';
import { type Order, type PaymentAttempt } from './orders/order.js';
import { type OrderBook } from './orders/order-book.js';

export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly userAgent?: string;
}

/** What a test may look at (and the little it may change) inside a running shop. */
export interface DemoMerchantState {
  /** Completed orders, oldest first: an empty list means nothing was bought. */
  orders(): readonly Order[];
  order(number: string): Order | undefined;
  /** Every authorisation asked for; `charged()` is the approved ones. */
  paymentAttempts(): readonly PaymentAttempt[];
  charged(): readonly PaymentAttempt[];
  /** A checkout session as `GET /checkout_sessions/{id}` shows it (latest API version). */
  checkoutSession(id: string): Record<string, unknown> | undefined;
  stock(sku: string): number | undefined;
  setStock(sku: string, quantity: number): void;
  /** Requests received, oldest first (the last 1,000). */
  requests(): readonly LoggedRequest[];
}

const REQUEST_LOG_SIZE = 1000;

export class RequestLog {
  private readonly entries: LoggedRequest[] = [];

  record(request: FastifyRequest): void {
    const userAgent = request.headers['user-agent'];
    this.entries.push({
      method: request.method,
      path: request.url.split('?')[0] ?? '/',
      ...(userAgent ? { userAgent } : {}),
    });
    if (this.entries.length > REQUEST_LOG_SIZE) this.entries.shift();
  }

  list(): readonly LoggedRequest[] {
    return [...this.entries];
  }
}

export const createMerchantState = (parts: {
  readonly catalogue: Catalogue;
  readonly orderBook: OrderBook;
  readonly acp: AcpCheckoutService;
  readonly requestLog: RequestLog;
  /** The shop's origin for absolute links, once known. */
  readonly origin: () => string;
}): DemoMerchantState => ({
  orders: () => parts.orderBook.orders(),
  order: (number) => parts.orderBook.order(number),
  paymentAttempts: () => parts.orderBook.paymentAttempts(),
  charged: () => parts.orderBook.paymentAttempts().filter((attempt) => attempt.outcome === 'approved'),
  checkoutSession: (id) => parts.acp.view(id, { origin: parts.origin(), version: LATEST_VERSION }),
  stock: (sku) => parts.catalogue.stock(sku),
  setStock: (sku, quantity) => parts.catalogue.setStock(sku, quantity),
  requests: () => parts.requestLog.list(),
});
