import { type Order, type OrderState, orderDecider } from '@paykit/orders';
import { sampleOrder, sampleOrderEvents, sampleOrderId } from '../src/orders-list/sample-orders.js';

// The orders-list benchmark fills read models with `sampleOrder`, the rebuild benchmark appends
// `sampleOrderEvents`: both must describe the same orders, each its own.
describe('sample orders', () => {
  const WALLETS = 7;
  const indexes = Array.from({ length: 100 }, (_, index) => index * 13 + 5);

  it("folds each order's events, through the orders decider's evolve, into that very order", () => {
    for (const index of indexes) {
      const folded = sampleOrderEvents(index, WALLETS).reduce<OrderState>(
        orderDecider.evolve,
        orderDecider.initialState(),
      );
      expect(folded).toEqual(sampleOrder(index, WALLETS));
    }
  });

  it('gives every order its own id on every event, its own creation time and one of the buyer wallets', () => {
    const orders = indexes.map((index) => sampleOrder(index, WALLETS));
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(indexes.length);
    expect(new Set(orders.map((order) => order.createdAt)).size).toBe(indexes.length);
    for (const index of indexes) {
      expect(sampleOrderEvents(index, WALLETS).every((event) => event.data.orderId === sampleOrderId(index))).toBe(
        true,
      );
    }
    const buyer = (order: Order) =>
      order.kind === 'onramp' ? order.recipient.walletAddress : order.payment.payerAddress;
    expect(new Set(orders.map(buyer)).size).toBe(WALLETS);
  });
});
