/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { randomUUID } from 'node:crypto';
import { type As, type Harness, runBody, startHarness } from '../agent-checkouts/support/harness.js';

/**
 * An idempotency key belongs to the project and the subject acting in it (ADR 0311): the same
 * key and body sent for two end users of one project run twice, each for its user, and replay
 * only for the user that sent them first. Over HTTP, for routes that keep a recorded response
 * (buyer profiles, agent checkout runs), a keyed write (orders, ADR 0305) and create wallet's own
 * keys, as a server key acting for users (x-service-user-id) and as a client key with users' JWTs.
 */
let h: Harness;
/** An order's recipient: a wallet of the service with an owner. */
let recipient: string;
beforeAll(async () => {
  h = await startHarness({ env: { AGENT_CHECKOUT_RUNNER: 'off' } });
  const wallet = await h.call('POST', '/2025-06-09/wallets', {
    as: { service: true },
    body: { chainType: 'evm', type: 'mpc', owner: 'userId:order-recipient' },
  });
  recipient = wallet.body.address;
});
afterAll(() => h.close());

const REPLAYED = 'x-idempotent-replayed';

interface Route {
  readonly path: string;
  readonly body: () => unknown;
  /** The status of the first answer, and of a replay. */
  readonly created: number;
  readonly replayed: number;
  readonly idOf: (body: any) => string;
  /** Where the resource is read back, by its owner unless `readAs` (client keys cannot read orders). */
  readonly readPath: (id: string) => string;
  readonly readAs?: As;
}

const shipping = { addressLines: ['1 Main St'], locality: 'Austin', postalCode: '78701', countryCode: 'US' };
const ROUTES: Record<string, Route> = {
  'buyer profiles': {
    path: '/unstable/agent-checkouts/buyer-profiles',
    body: () => ({ label: 'Home', name: { first: 'Sam', last: 'Doe' }, shipping }),
    created: 201,
    replayed: 201,
    idOf: (body) => body.id,
    readPath: (id) => `/unstable/agent-checkouts/buyer-profiles/${id}`,
  },
  'agent checkout runs': {
    path: '/unstable/agent-checkouts',
    body: () => runBody(h.product('mug'), '50'),
    created: 202,
    replayed: 202,
    idOf: (body) => body.runId,
    readPath: (id) => `/unstable/agent-checkouts/${id}`,
  },
  'orders (a keyed write)': {
    path: '/2022-06-09/orders',
    body: () => ({
      recipient: { walletAddress: recipient },
      payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
      lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '5', maxSlippageBps: '100' } }],
    }),
    created: 201,
    replayed: 201,
    idOf: (body) => body.order.orderId,
    readPath: (id) => `/2022-06-09/orders/${id}`,
    readAs: { service: true },
  },
  'create wallet for the caller (the route’s own keys)': {
    path: '/2025-06-09/wallets/me',
    body: () => ({ chainType: 'evm', type: 'mpc' }),
    created: 201,
    replayed: 200,
    idOf: (body) => body.address,
    readPath: (address) => `/2025-06-09/wallets/${address}`,
  },
};

const SUBJECTS: readonly (readonly [string, (name: string) => As])[] = [
  ['a server key acting for users (x-service-user-id)', (name) => ({ user: name })],
  ['a client key with users’ JWTs', (name) => ({ user: name, via: 'client' })],
];

describe.each(SUBJECTS)('as %s', (_label, as) => {
  it.each(Object.entries(ROUTES))(
    '%s: the same key and body make one resource per user, and replay for the same user',
    async (name, route) => {
      const tag = randomUUID().slice(0, 8);
      const [alice, bob] = [as(`alice-${tag}`), as(`bob-${tag}`)];
      const key = `shared-key-${tag}`;
      const post = (who: As) =>
        h.call('POST', route.path, { as: who, body: route.body(), headers: { 'x-idempotency-key': key } });

      const alices = await post(alice);
      expect(alices.status).toBe(route.created);
      const bobs = await post(bob);
      expect({ route: name, status: bobs.status, replayed: bobs.headers.get(REPLAYED) }).toEqual({
        route: name,
        status: route.created,
        replayed: null,
      });
      expect(route.idOf(bobs.body)).not.toBe(route.idOf(alices.body));
      const read = await h.call('GET', route.readPath(route.idOf(bobs.body)), { as: route.readAs ?? bob });
      expect(read.status).toBe(200);

      const again = await post(alice);
      expect(again.status).toBe(route.replayed);
      expect(route.idOf(again.body)).toBe(route.idOf(alices.body));
    },
  );
});

it('keeps the keys of a server key acting for no one apart from every user’s', async () => {
  const tag = randomUUID().slice(0, 8);
  const route = ROUTES['buyer profiles']!;
  const post = (who: As) =>
    h.call('POST', route.path, { as: who, body: route.body(), headers: { 'x-idempotency-key': `k-${tag}` } });
  const service = await post({ service: true });
  const user = await post({ user: `carol-${tag}` });
  expect(route.idOf(user.body)).not.toBe(route.idOf(service.body));
  const again = await post({ service: true });
  expect(again.headers.get(REPLAYED)).toBe('true');
  expect(route.idOf(again.body)).toBe(route.idOf(service.body));
});
