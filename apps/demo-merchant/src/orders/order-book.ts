import { type Order, type PaymentAttempt } from './order.js';

export const formatOrderNumber = (sequence: number): string => `DM-${String(sequence).padStart(6, '0')}`;

/** The shop's record of placed orders and payment attempts. */
export class OrderBook {
  private readonly placed: Order[] = [];
  private readonly attempts: PaymentAttempt[] = [];
  private nextSequence: number;

  constructor(firstOrderNumber: number) {
    this.nextSequence = firstOrderNumber;
  }

  place(order: Omit<Order, 'number'>): Order {
    const placed: Order = { number: formatOrderNumber(this.nextSequence++), ...order };
    this.placed.push(placed);
    return placed;
  }

  recordAttempt(attempt: PaymentAttempt): void {
    this.attempts.push(attempt);
  }

  orders(): readonly Order[] {
    return [...this.placed];
  }

  order(number: string): Order | undefined {
    return this.placed.find((order) => order.number === number);
  }

  paymentAttempts(): readonly PaymentAttempt[] {
    return [...this.attempts];
  }
}
