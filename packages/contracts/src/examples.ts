import type { z } from 'zod';
import { AGENT_CHECKOUT_EXAMPLES } from './agent-checkouts/examples.js';
import { CARD_NETWORK_EXAMPLES } from './card-network/examples.js';
import type { ContractExample } from './common/examples.js';
import { DOCUMENT_EXAMPLES } from './documents/examples.js';
import { ORDER_EXAMPLES } from './orders/examples.js';
import { PAYMENT_METHOD_EXAMPLES } from './payment-methods/examples.js';
import { REPORT_EXAMPLES } from './reports/examples.js';
import { TOKEN_EXAMPLES } from './tokens/examples.js';
import { USER_EXAMPLES } from './users/examples.js';
import { WALLET_EXAMPLES } from './wallets/examples.js';
import { WALLET_SDK_EXAMPLES } from './wallets/examples-sdk.js';
import { WEBHOOK_EXAMPLES } from './webhooks/examples.js';

export { type ContractExample, requestExample, responseExample } from './common/examples.js';

/** Every area's examples: the API reference shows them, the contracts' tests parse them. */
export const CONTRACT_EXAMPLES: readonly ContractExample[] = [
  ...WALLET_EXAMPLES,
  ...WALLET_SDK_EXAMPLES,
  ...ORDER_EXAMPLES,
  ...PAYMENT_METHOD_EXAMPLES,
  ...USER_EXAMPLES,
  ...DOCUMENT_EXAMPLES,
  ...TOKEN_EXAMPLES,
  ...WEBHOOK_EXAMPLES,
  ...AGENT_CHECKOUT_EXAMPLES,
  ...REPORT_EXAMPLES,
  ...CARD_NETWORK_EXAMPLES,
];

/** The examples of one schema, on one side (request bodies are inputs, answers outputs). */
export const examplesOf = (schema: z.ZodType, io: ContractExample['io']): ContractExample[] =>
  CONTRACT_EXAMPLES.filter((example) => example.schema === schema && example.io === io);
