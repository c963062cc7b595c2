import { toRunSnapshot } from '@paykit/checkout-runs';
import { ManualClock, randomIds } from '@paykit/kernel';
import { SandboxCardVault } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import {
  type CurrencyConverter,
  allowanceFor,
  sameCurrencyOnly,
  sandboxTestCard,
  vaultedCardCredentials,
} from '../../src/index.js';
import { type Harness, startHarness } from '../support/harness.js';
import { createRun, isFinal, readEvents, runInput, waitForRun } from '../support/runs.js';

describe('the payment allowance', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  const halfRate: CurrencyConverter = { convert: async (amount) => E.right((Number(amount.amount) / 2).toFixed(6)) };

  it('is maxCost in the merchant currency, rounded down to its minor unit, for the token lifetime', async () => {
    const allowance = await allowanceFor({
      maxCost: { amount: '20.005', currency: 'EUR' },
      currency: 'usd',
      converter: halfRate,
      now,
      ttlMs: 600_000,
      deadline: null,
    });
    expect(allowance).toEqual(
      E.right({
        maxAmount: { amount: '10.00', currency: 'USD' },
        maxAmountMinor: 1000,
        expiresAt: new Date('2026-03-01T10:10:00.000Z'),
      }),
    );
  });

  it('needs no rate in the same currency, and ends no later than the run may last', async () => {
    const allowance = await allowanceFor({
      maxCost: { amount: '50', currency: 'USD' },
      currency: 'usd',
      converter: halfRate,
      now,
      ttlMs: 600_000,
      deadline: new Date('2026-03-01T10:03:00.000Z'),
    });
    expect(allowance).toEqual(
      E.right({
        maxAmount: { amount: '50.00', currency: 'USD' },
        maxAmountMinor: 5000,
        expiresAt: new Date('2026-03-01T10:03:00.000Z'),
      }),
    );
  });

  it('is refused when maxCost cannot be expressed in the merchant currency', async () => {
    const allowance = await allowanceFor({
      maxCost: { amount: '50', currency: 'EUR' },
      currency: 'usd',
      converter: sameCurrencyOnly,
      now,
      ttlMs: 600_000,
      deadline: null,
    });
    expect(E.isLeft(allowance) && allowance.left.code).toBe('conversion_unavailable');
  });
});

describe('the allowance refuses a converted maxCost that is not a decimal', () => {
  it('answers invalid_amount instead of an allowance', async () => {
    const garbled: CurrencyConverter = { convert: async () => E.right('about ten') };
    const allowance = await allowanceFor({
      maxCost: { amount: '20', currency: 'EUR' },
      currency: 'USD',
      converter: garbled,
      now: new Date('2026-03-01T10:00:00.000Z'),
      ttlMs: 600_000,
      deadline: null,
    });
    expect(allowance).toEqual(
      E.left({ kind: 'invalid', code: 'invalid_amount', message: 'The converted maxCost is not a decimal' }),
    );
  });
});

describe('the card a run pays with', () => {
  const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));

  it('is the always-approved sandbox Visa by default, valid for three more years', () => {
    expect(sandboxTestCard(clock)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2029, cvc: '123' });
  });

  it('names the paykit vault as the token provider unless told otherwise', async () => {
    const vault = new SandboxCardVault({ clock, ids: randomIds });
    const credentials = vaultedCardCredentials({ vault, card: sandboxTestCard(clock) });
    expect(await credentials.tokenFor({ runId: 'run-1', buyer: { paymentToken: 'tok_buyer' } })).toEqual(
      E.right({ token: 'tok_buyer', provider: 'paykit' }),
    );
    const vaulted = await credentials.tokenFor({ runId: 'run-2', buyer: null });
    expect(vaulted).toEqual(
      E.right({
        token: expect.stringMatching(/^tok_/),
        provider: 'paykit',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 },
      }),
    );
    const elsewhere = vaultedCardCredentials({ vault, card: sandboxTestCard(clock), provider: 'acme-vault' });
    expect(await elsewhere.tokenFor({ runId: 'run-3', buyer: { paymentToken: 'tok_buyer' } })).toEqual(
      E.right({ token: 'tok_buyer', provider: 'acme-vault' }),
    );
  });
});

describe('a delegated token stops a charge above maxCost even when the agent is wrong', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('a converter that understates every total lets the guard pass; the merchant still refuses the token, nothing is charged', async () => {
    // A broken rate: every total looks like one cent, so the run's own max-cost guard lets $107.88 through.
    const broken: CurrencyConverter = { convert: async () => E.right('0.01') };
    h.startRunner({ converter: broken });
    const runId = await createRun(h.store, h.clock, runInput(`${h.shop.url}/products/hoodie`, '100', 'Buy the hoodie'));

    const run = await waitForRun(h.store, runId, isFinal);

    expect(toRunSnapshot(run)).toMatchObject({ status: 'blocked', result: { code: 'policy.max_cost_exceeded' } });
    if (run.result?.outcome === 'blocked') expect(run.result.summary).toContain('the payment token allows');
    expect(h.shop.state.paymentAttempts()).toEqual([]);
    expect(h.shop.state.orders()).toEqual([]);
    const types = (await readEvents(h.store, runId)).map((event) => event.type);
    expect(types).toContain('CheckoutRunPaymentStarted');
    expect(types).toContain('CheckoutRunPaymentNotCharged');
  });

  it("a purchase within maxCost is paid with a token from the merchant's delegate_payment", async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(`${h.shop.url}/products/mug`, '25', 'Buy a ceramic mug'));
    expect(toRunSnapshot(await waitForRun(h.store, runId, isFinal))).toMatchObject({ status: 'succeeded' });
    const [order] = h.shop.state.orders();
    // The sandbox vault token reached the processor only through the merchant's delegated token.
    expect(h.shop.state.charged()).toEqual([
      expect.objectContaining({ reference: order?.checkoutSessionId, amount: 1886 }),
    ]);
    expect(h.shop.state.requests().map((request) => request.path)).toContain('/agentic_commerce/delegate_payment');
  });
});
