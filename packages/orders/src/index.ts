// Quotes: pure pricing over a price table entry, and the delivery-time slippage rule.
export * from './quote/execution-parameters.js';
export * from './quote/price-table.js';
export * from './quote/quote.js';
export * from './quote/rounding.js';
export * from './quote/quote-line-item.js';
export * from './quote/quote-order.js';
export * from './quote/delivery-price.js';

// The Order aggregate.
export * from './order/model.js';
export * from './order/commands.js';
export * from './order/events.js';
export * from './order/status.js';
export { orderErrors } from './order/errors.js';
export { evolve as evolveOrder, orderFromCreated } from './order/evolve.js';
export { decide as decideOrder } from './order/decide.js';
export * from './order/decider.js';
export { kycRequired } from './order/create/create-order.js';
export * from './order/create/validate-request.js';
export * from './order/create/place-order.js';
export { openCardAttempt } from './order/card-payment.js';
export { awaitsKycOutcome } from './order/kyc.js';
export { checkQuoteFits } from './order/quote-fit.js';
export * from './order/client-secret.js';

// The per-user purchase limit.
export * from './limits/purchase-limit.js';
export * from './limits/purchase-of-order.js';

// The Order resource and the list filter vocabulary.
export * from './resource/order-resource.js';
export * from './resource/charges.js';
export * from './resource/to-order-resource.js';
export * from './resource/draft-order.js';
export * from './resource/list-filters.js';
