export { createDemoMerchant, type DemoMerchant } from './merchant.js';
export { buildDemoMerchantApp, DEFAULT_ACP_API_KEY, DEFAULT_MERCHANT_ID, type DemoMerchantApp } from './app.js';
export { type DemoMerchantOptions } from './options.js';
export { type DemoMerchantState, type LoggedRequest } from './state.js';
export { defaultCatalogue, CURRENCY, type ProductDefinition, type VariantDefinition } from './catalogue/products.js';
export { defaultAccounts, type AccountDefinition } from './web/accounts.js';
export {
  TEST_CARDS,
  createTestPaymentGateway,
  type PaymentGateway,
  type PaymentRequest,
  type PaymentResult,
  type PaymentMethod,
} from './payments/gateway.js';
export {
  type Order,
  type OrderLine,
  type OrderTotals,
  type PaymentAttempt,
  type Buyer,
  type ShippingAddress,
} from './orders/order.js';
export { DISCOVERY_PATH, DISCOVERY_LINK_REL } from './acp/discovery.js';
export { SUPPORTED_VERSIONS as ACP_SUPPORTED_VERSIONS, type AcpVersion } from './acp/versions.js';
export { DELEGATE_PAYMENT_PATH } from './acp/delegate-payment.js';
