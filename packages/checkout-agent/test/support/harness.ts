import {
  DEFAULT_ACP_API_KEY,
  DEFAULT_MERCHANT_ID,
  type DemoMerchant,
  type DemoMerchantOptions,
  type PaymentGateway,
  createDemoMerchant,
  createTestPaymentGateway,
} from '@paykit/demo-merchant';
import { MemoryEventStore } from '@paykit/event-store';
import { ManualClock, randomIds } from '@paykit/kernel';
import { SandboxCardIssuer, SandboxCardProcessor, SandboxCardVault, SandboxPricing } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import {
  type BuyerProfile,
  type RunnerProcess,
  type RunnerProcessConfig,
  fromMinorUnits,
  pricingConverter,
  referenceItemFor,
  sandboxTestCard,
  startRunnerProcess,
  vaultedCardCredentials,
} from '../../src/index.js';
import { startCardNetworkServer } from '../../src/testing/index.js';

export const BUYER: BuyerProfile = {
  name: { first: 'Sam', last: 'Shopper' },
  contact: { email: 'sam@example.com', phone: '+14155550100' },
  shipping: {
    addressLines: ['1 Market St'],
    locality: 'San Francisco',
    administrativeAreaCode: 'CA',
    postalCode: '94105',
    countryCode: 'US',
  },
};

export const CARDS = { approved: '4242424242424242', declined: '4000000000000002' } as const;

type CardNetworkOption = NonNullable<Parameters<typeof createTestPaymentGateway>[0]>['cardNetwork'];

/**
 * The shop's processor charges card-vault tokens through the sandbox card processor, like a real
 * one would, and asks the sandbox card network about typed cards of the sandbox issuer's range.
 */
const vaultGateway = (processor: SandboxCardProcessor, cardNetwork: CardNetworkOption): PaymentGateway => {
  const cards = createTestPaymentGateway({ cardNetwork });
  return {
    authorize: async (request) => {
      if (request.method.kind === 'card') return cards.authorize(request);
      const charge = await processor.charge({
        token: request.method.token,
        amount: fromMinorUnits(request.amount, request.currency),
        currency: request.currency.toLowerCase(),
        idempotencyKey: `${request.reference}:${request.method.token}`,
      });
      if (E.isLeft(charge)) return { outcome: 'invalid', message: charge.left.message };
      return charge.right.status === 'succeeded'
        ? { outcome: 'approved', paymentId: charge.right.chargeId }
        : { outcome: 'declined', message: 'Your card was declined.' };
    },
  };
};

export interface RunnerOverrides extends Partial<RunnerProcessConfig> {
  /** The card the runner pays with (tokenized by the vault). */
  readonly card?: string;
  readonly buyer?: BuyerProfile | null;
}

export interface Harness {
  readonly store: MemoryEventStore;
  readonly clock: ManualClock;
  readonly shop: DemoMerchant;
  /** `127.0.0.1:<port>`, the allow-list entry of the shop. */
  readonly shopHost: string;
  readonly vault: SandboxCardVault;
  /** The issuer of virtual cards (give it to a runner as `cardIssuer`), asked by the shop through the card network. */
  readonly issuer: SandboxCardIssuer;
  startRunner(overrides?: RunnerOverrides): RunnerProcess;
  close(): Promise<void>;
}

/** The deployment's credential for the demo merchant's agentic-checkout API. */
export const shopCredentials = (shop: DemoMerchant, extra: { readonly signingKey?: string } = {}) => ({
  [new URL(shop.url).origin]: { token: DEFAULT_ACP_API_KEY, merchantId: DEFAULT_MERCHANT_ID, ...extra },
});

export const startHarness = async (shopOptions: DemoMerchantOptions = {}): Promise<Harness> => {
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  const store = new MemoryEventStore();
  const vault = new SandboxCardVault({ clock, ids: randomIds });
  const processor = new SandboxCardProcessor({ vault, clock, ids: randomIds });
  const issuer = new SandboxCardIssuer({ clock });
  const network = await startCardNetworkServer(issuer);
  const origin: { url?: string } = {};
  // One clock for both sides, as real clocks agree: token expiries and signature timestamps compare them.
  const shop = await createDemoMerchant({
    seed: `checkout-agent-${randomIds.uuid()}`,
    clock,
    paymentGateway: vaultGateway(processor, {
      url: () => network.url,
      merchant: () => ({ name: 'Demo Merchant', url: `${origin.url}/` }),
    }),
    ...shopOptions,
  });
  origin.url = shop.url;
  const shopHost = new URL(shop.url).host;
  const processes: RunnerProcess[] = [];
  const converter = pricingConverter(new SandboxPricing({ environment: 'staging' }), {
    referenceItem: referenceItemFor('staging'),
  });
  return {
    store,
    clock,
    shop,
    shopHost,
    vault,
    issuer,
    startRunner: ({ card, buyer, ...overrides } = {}) => {
      const process = startRunnerProcess({
        store,
        clock,
        runnerId: `runner-${processes.length + 1}`,
        allowedHosts: shopHost,
        sweepEveryMs: 0,
        converter,
        payment: vaultedCardCredentials({ vault, card: sandboxTestCard(clock, card ?? CARDS.approved) }),
        buyerProfiles: async () => (buyer === undefined ? BUYER : buyer),
        acpCredentials: shopCredentials(shop),
        ...overrides,
      });
      processes.push(process);
      return process;
    },
    close: async () => {
      await Promise.all(processes.map((process) => process.kill()));
      await shop.close();
      await network.close();
      await store.close();
    },
  };
};
