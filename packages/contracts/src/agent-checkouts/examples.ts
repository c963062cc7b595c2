import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import {
  browserProfileCreateBodySchema,
  browserProfileListResponseSchema,
  browserProfileSchema,
  browserProfileUpdateBodySchema,
} from './browser-profiles.js';
import {
  type BuyerProfile,
  buyerProfileCreateBodySchema,
  buyerProfileListResponseSchema,
  buyerProfileSchema,
  buyerProfileUpdateBodySchema,
} from './buyer-profiles.js';
import {
  agentCheckoutMessageBodySchema,
  agentCheckoutMessageListResponseSchema,
  agentCheckoutMessageSchema,
} from './messages.js';
import { agentCheckoutCreateBodySchema } from './run-input.js';
import { agentCheckoutListResponseSchema } from './run-list.js';
import { type AgentCheckoutSnapshot, agentCheckoutSnapshotSchema } from './run-snapshot.js';

const BUYER = 'cbbea8ca-f453-4bcc-9c29-3ac872a335e4';
const input = {
  constraints: { maxCost: { amount: '50', currency: 'USD' } },
  request: { startUrl: 'https://shop.example.com/products/mug', task: 'Buy two ceramic mugs with express shipping' },
  buyerProfileId: BUYER,
};
const queued: AgentCheckoutSnapshot = {
  runId: '5da55523-c8f8-4b77-b62c-16789964a1fe',
  createdAt: '2026-11-25T20:48:20.947Z',
  revision: 0,
  status: 'queued',
  browser: null,
  requiredAction: null,
  input,
};
const succeeded: AgentCheckoutSnapshot = {
  ...queued,
  revision: 14,
  status: 'succeeded',
  result: {
    outcome: 'succeeded',
    summary: 'Bought 2 x Ceramic mug with express shipping for USD 40.73 (order DM-001001).',
    purchase: {
      kind: 'receipt_captured',
      receipt: { total: { amount: '40.73', currency: 'USD' }, merchantOrderId: 'DM-001001' },
      authorized: { amount: '40.73', currency: 'USD' },
    },
  },
};
const awaitingInput: AgentCheckoutSnapshot = {
  ...queued,
  revision: 6,
  status: 'awaiting_input',
  requiredAction: {
    type: 'input_response',
    messageId: 'msg-agent-3',
    requestId: 'req-size',
    request: {
      expiresAt: '2026-11-25T21:03:25.000Z',
      question: 'The T-shirt comes in S and L (M is sold out). Which size?',
      interaction: {
        kind: 'form',
        schema: { type: 'object', properties: { size: { enum: ['S', 'L'] } }, required: ['size'] },
      },
    },
  },
};
const buyer: BuyerProfile = {
  id: BUYER,
  label: 'Home',
  name: { first: 'Ana', last: 'Lima' },
  contact: { email: 'ana@example.com', phone: '+14155550123' },
  shipping: {
    addressLines: ['1 Market St'],
    locality: 'San Francisco',
    administrativeAreaCode: 'CA',
    postalCode: '94105',
    countryCode: 'US',
  },
  createdAt: '2026-11-25T20:48:20.850Z',
  updatedAt: '2026-11-25T20:48:20.850Z',
};
const browserProfile = {
  id: '6f7b8411-dec5-4f0b-9ede-684405ccd048',
  label: 'Ana shopping',
  createdAt: '2026-11-25T20:48:20.868Z',
  updatedAt: '2026-11-25T20:48:20.868Z',
};

export const AGENT_CHECKOUT_EXAMPLES: readonly ContractExample[] = [
  requestExample(
    agentCheckoutCreateBodySchema,
    'buy-mugs',
    'Buy on a product page within 50 USD, shipping to a saved buyer profile',
    input,
  ),
  requestExample(agentCheckoutCreateBodySchema, 'from-germany', 'Browse from Germany, with a saved browser profile', {
    constraints: { maxCost: { amount: '120', currency: 'EUR' } },
    request: {
      startUrl: 'https://velo-teile.example.de/produkte/klingel',
      task: 'Eine Fahrradklingel in Schwarz kaufen',
    },
    browser: { profileId: browserProfile.id, location: { type: 'country', countryCode: 'DE' } },
  }),
  responseExample(agentCheckoutSnapshotSchema, 'queued', 'Accepted: the run waits for a runner', queued),
  responseExample(agentCheckoutSnapshotSchema, 'awaiting-input', 'The run asks the user a question', awaitingInput),
  responseExample(agentCheckoutSnapshotSchema, 'succeeded', 'Bought, with the receipt', succeeded),
  responseExample(agentCheckoutListResponseSchema, 'page', "The caller's runs, newest first", {
    data: [succeeded],
    nextCursor: null,
    previousCursor: null,
  }),
  requestExample(
    agentCheckoutMessageBodySchema,
    'answer',
    'Answer the run’s question (the id makes a retry harmless)',
    {
      id: 'msg-user-4',
      parts: [{ type: 'input_response', requestId: 'req-size', action: 'submit', value: { size: 'L' } }],
    },
  ),
  requestExample(agentCheckoutMessageBodySchema, 'text', 'Tell the run something', {
    id: 'msg-user-5',
    parts: [{ type: 'text', text: 'Gift-wrap it if the shop offers that for free.' }],
  }),
  responseExample(agentCheckoutMessageSchema, 'answer', 'The answer as recorded', {
    id: 'msg-user-4',
    role: 'user',
    parts: [{ type: 'input_response', requestId: 'req-size', action: 'submit', value: { size: 'L' } }],
    createdAt: '2026-11-25T20:49:02.311Z',
  }),
  responseExample(agentCheckoutMessageListResponseSchema, 'conversation', 'A question and its answer, oldest first', {
    data: [
      {
        id: 'msg-agent-3',
        role: 'agent',
        parts: [
          {
            type: 'input_request',
            requestId: 'req-size',
            request: {
              expiresAt: '2026-11-25T21:03:25.000Z',
              question: 'The T-shirt comes in S and L (M is sold out). Which size?',
              interaction: {
                kind: 'form',
                schema: { type: 'object', properties: { size: { enum: ['S', 'L'] } }, required: ['size'] },
              },
            },
          },
        ],
        createdAt: '2026-11-25T20:48:25.004Z',
      },
      {
        id: 'msg-user-4',
        role: 'user',
        parts: [{ type: 'input_response', requestId: 'req-size', action: 'submit', value: { size: 'L' } }],
        createdAt: '2026-11-25T20:49:02.311Z',
      },
    ],
    nextCursor: null,
    previousCursor: null,
  }),
  requestExample(buyerProfileCreateBodySchema, 'home', 'Name, contact and a shipping address (never payment data)', {
    label: 'Home',
    name: { first: 'Ana', last: 'Lima' },
    contact: { email: 'ana@example.com', phone: '+14155550123' },
    shipping: {
      addressLines: ['1 Market St'],
      locality: 'San Francisco',
      administrativeAreaCode: 'CA',
      postalCode: '94105',
      countryCode: 'US',
    },
  }),
  requestExample(
    buyerProfileUpdateBodySchema,
    'drop-phone',
    'Change the label and remove the contact (null removes a field)',
    {
      label: 'Home (SF)',
      contact: null,
    },
  ),
  responseExample(buyerProfileSchema, 'home', 'A buyer profile', buyer),
  responseExample(buyerProfileListResponseSchema, 'page', "The user's buyer profiles", {
    data: [buyer],
    nextCursor: null,
    previousCursor: null,
  }),
  requestExample(browserProfileCreateBodySchema, 'labelled', 'A browser profile to keep a shop login between runs', {
    label: 'Ana shopping',
  }),
  requestExample(browserProfileUpdateBodySchema, 'rename', 'Rename it', { label: 'Ana, groceries' }),
  responseExample(
    browserProfileSchema,
    'labelled',
    'A browser profile (its saved state is never shown)',
    browserProfile,
  ),
  responseExample(browserProfileListResponseSchema, 'page', "The user's browser profile", {
    data: [browserProfile],
    nextCursor: null,
    previousCursor: null,
  }),
];
