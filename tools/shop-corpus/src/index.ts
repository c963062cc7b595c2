export { startShopCorpus, markOf, sinceMark, type ShopCorpus, type ShopMark } from './corpus.js';
export { SCENARIOS, type CorpusScenario, type ExpectedOutcome } from './scenarios.js';
export { judgeRun, type RunEnding, type Verdict } from './judge.js';
export { CORPUS_BUYER, answerFor, buyerProfileFor } from './buyer.js';
export { SHOPS } from './shops/index.js';
export { startShop, type RunningShop, type ShopDefinition, type ShopOptions } from './server/shop-server.js';
export type { OrderBook, PlacedOrder, PaymentAttempt, CardPayment } from './server/order-book.js';
export { cardNetworkAt, readExpiry, type CardNetwork, type TypedCard } from './server/card-processor.js';
export {
  startHostedFields,
  hostedCardFields,
  HOSTED_NAMES,
  type HostedFields,
  type HostedField,
} from './server/hosted-fields.js';
export { cardFormFields, readCardForm, payByCardForm, type CardFormStyle } from './server/card-form.js';
