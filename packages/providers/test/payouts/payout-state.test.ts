import { MemoryEventStore } from '@paykit/event-store';
import { createSandboxProviders, type ProviderState } from '../../src/index.js';
import { clockAt, ids, KEY, leftOf, rightOf } from '../support.js';
import { makeDataDir } from '../state-support.js';

const MINUTE = 60_000;

const providersOn = (state: ProviderState, clock = clockAt()) =>
  createSandboxProviders({
    environment: 'staging',
    clock,
    ids: ids('payouts'),
    encryptionKey: KEY,
    state,
    payouts: { sendDelayMs: MINUTE, settlementDelayMs: 10 * MINUTE },
  });

describe('sandbox payouts in the event store', () => {
  it('settles a payout that was in flight across a restart, and pays the same key out once', async () => {
    const dir = await makeDataDir('payouts-restart');
    try {
      const clock = clockAt('2026-01-01T00:00:00Z');
      const before = dir.open();
      const first = providersOn({ store: before, encryptionKey: KEY }, clock);
      const account = rightOf(
        await first.bankAccountVault.tokenizeBankAccount({ accountNumber: '000123456789', routingNumber: '110000000' }),
      );
      const request = {
        paymentMethodToken: account.token,
        amount: '99.5',
        currency: 'usd',
        reference: 'order-9',
        idempotencyKey: 'pay_order-9',
      };
      const created = rightOf(await first.payoutRail.createPayout(request));
      clock.advance(2 * MINUTE);
      expect(rightOf(await first.payoutRail.getPayout(created.payoutId)).status).toBe('sent');
      await before.close();

      clock.advance(10 * MINUTE);
      const after = dir.open();
      const restarted = providersOn({ store: after, encryptionKey: KEY }, clock);
      expect(rightOf(await restarted.payoutRail.getPayout(created.payoutId))).toMatchObject({
        status: 'settled',
        settledAt: '2026-01-01T00:11:00.000Z',
        accountSuffix: '6789',
      });
      expect(rightOf(await restarted.payoutRail.createPayout(request)).payoutId).toBe(created.payoutId);
      expect(leftOf(await restarted.payoutRail.createPayout({ ...request, amount: '1' })).code).toBe(
        'idempotency_key_reused',
      );
      expect(rightOf(await restarted.bankAccountVault.describeBankAccount(account.token)).accountSuffix).toBe('6789');
      await after.close();
    } finally {
      await dir.remove();
    }
  });

  it('pays out once when two instances send the same key at once; the account number is nowhere in clear', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt();
    const one = providersOn({ store, encryptionKey: KEY }, clock);
    const two = providersOn({ store, encryptionKey: KEY }, clock);
    const account = rightOf(
      await one.bankAccountVault.tokenizeBankAccount({ accountNumber: '000123456789', routingNumber: '110000000' }),
    );
    const request = { paymentMethodToken: account.token, amount: '10', currency: 'usd', reference: 'order-10' };
    const [a, b] = await Promise.all([one.payoutRail.createPayout(request), two.payoutRail.createPayout(request)]);
    expect(rightOf(a)).toEqual(rightOf(b));
    const texts: string[] = [];
    let payouts = 0;
    for await (const event of store.readAll()) {
      texts.push(JSON.stringify(event.data));
      if (event.type === 'SandboxPayoutCreated') payouts++;
    }
    expect(payouts).toBe(1);
    expect(texts.join('\n')).not.toContain('123456789');
  });
});
