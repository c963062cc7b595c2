import { MemoryEventStore } from '@paykit/event-store';
import { ManualClock, randomIds } from '@paykit/kernel';
import { SandboxFaults, SandboxPricing } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import {
  RunCommands,
  fromMinorUnits,
  pricingConverter,
  readRunnerSettings,
  referenceItemFor,
  sameCurrencyOnly,
} from '../../src/index.js';
import { createRun, readEvents, runInput } from '../support/runs.js';

describe('claiming a run', () => {
  it('lets exactly one of several runners that read the same revision have it', async () => {
    const store = new MemoryEventStore();
    const clock = new ManualClock();
    const commands = new RunCommands({ store, clock, ids: randomIds });
    const runId = await createRun(store, clock, runInput('https://shop.test/products/mug', '10'));

    const claims = await Promise.all(
      ['runner-a', 'runner-b', 'runner-c'].map((runnerId) => commands.claim(runId, runnerId, 30_000)),
    );

    expect(claims.filter(E.isRight)).toHaveLength(1);
    expect((await readEvents(store, runId)).map((event) => event.type)).toEqual([
      'CheckoutRunCreated',
      'CheckoutRunClaimed',
    ]);
    await store.close();
  });
});

describe('currency conversion for the max-cost guard', () => {
  const pricing = () => new SandboxPricing({ environment: 'staging' });

  it('converts through the pricing port, rounding up', async () => {
    const converter = pricingConverter(pricing(), { referenceItem: referenceItemFor('staging') });
    expect(await converter.convert({ amount: '107.88', currency: 'USD' }, 'EUR')).toEqual(E.right('99.2496'));
    expect(await converter.convert({ amount: '10', currency: 'GBP' }, 'USD')).toEqual(E.right('12.658228'));
    expect(await converter.convert({ amount: '10', currency: 'USD' }, 'USD')).toEqual(E.right('10'));
  });

  it('has no rate for a currency the pricing port does not know, or while it is down', async () => {
    const converter = pricingConverter(pricing(), { referenceItem: referenceItemFor('staging') });
    expect(await converter.convert({ amount: '10', currency: 'JPY' }, 'USD')).toEqual(
      E.left(expect.objectContaining({ code: 'conversion_unavailable' })),
    );
    const faults = new SandboxFaults([{ operation: 'pricing.priceOf', kind: 'unavailable' }]);
    const down = pricingConverter(new SandboxPricing({ environment: 'staging', faults }), {
      referenceItem: referenceItemFor('staging'),
    });
    expect(await down.convert({ amount: '10', currency: 'EUR' }, 'USD')).toEqual(
      E.left(expect.objectContaining({ code: 'conversion_unavailable' })),
    );
    expect(await sameCurrencyOnly.convert({ amount: '10', currency: 'EUR' }, 'USD')).toEqual(
      E.left(expect.objectContaining({ code: 'conversion_unavailable' })),
    );
  });
});

describe('currency conversion rules', () => {
  const staging = () =>
    pricingConverter(new SandboxPricing({ environment: 'staging' }), { referenceItem: referenceItemFor('staging') });
  // A reference item no pricing source knows: any conversion that asks for a rate fails.
  const rateless = () =>
    pricingConverter(new SandboxPricing({ environment: 'staging' }), { referenceItem: 'nowhere:nothing' });

  it('prices through the token of the environment the run is in', () => {
    expect(referenceItemFor('staging')).toBe('base-sepolia:usdxm');
    expect(referenceItemFor('production')).toBe('base:usdc');
  });

  it('returns an amount already in the target currency as given, whatever the letter case, without a rate', async () => {
    expect(await rateless().convert({ amount: '10.50', currency: 'EUR' }, 'EUR')).toEqual(E.right('10.50'));
    expect(await rateless().convert({ amount: '7', currency: 'usd' }, 'USD')).toEqual(E.right('7'));
    expect(await sameCurrencyOnly.convert({ amount: '3.2', currency: 'gbp' }, 'GBP')).toEqual(E.right('3.2'));
  });

  it('refuses an amount that is not a decimal string', async () => {
    expect(await staging().convert({ amount: 'ten', currency: 'USD' }, 'EUR')).toEqual(
      E.left({ kind: 'invalid', code: 'invalid_amount', message: 'The amount is not a decimal string' }),
    );
  });

  it('names both currencies and the pricing failure when there is no rate', async () => {
    expect(await staging().convert({ amount: '10', currency: 'JPY' }, 'USD')).toEqual(
      E.left({
        kind: 'unavailable',
        code: 'conversion_unavailable',
        message: 'No rate to convert JPY into USD',
        parameters: { from: 'JPY', to: 'USD', cause: 'currency_not_supported' },
      }),
    );
    expect(await sameCurrencyOnly.convert({ amount: '10', currency: 'EUR' }, 'USD')).toEqual(
      E.left({
        kind: 'unavailable',
        code: 'conversion_unavailable',
        message: 'No rate to convert EUR into USD',
        parameters: { from: 'EUR', to: 'USD' },
      }),
    );
  });

  it('reads minor units with the ISO 4217 digits of the currency', () => {
    expect(fromMinorUnits(10788, 'usd')).toBe('107.88');
    expect(fromMinorUnits(500, 'jpy')).toBe('500');
    expect(fromMinorUnits(1234, 'KWD')).toBe('1.234');
  });

  it('knows no currency spelled with a look-alike letter: the KELVIN SIGN is not K, so no KWD digits', () => {
    // Unicode lower-cases U+212A to an ASCII "k": only ASCII letters may spell an ISO 4217 code.
    expect(fromMinorUnits(1234, '\u212AWD')).toBe('12.34');
    expect(fromMinorUnits(1234, 'XQZ')).toBe('12.34');
  });
});

describe('runner settings from the environment', () => {
  it('reads the allow-list and the numbers', () => {
    expect(
      readRunnerSettings({
        AGENT_CHECKOUT_ALLOWED_HOSTS: '127.0.0.1:4100',
        AGENT_CHECKOUT_RUNNER_CONCURRENCY: '8',
        AGENT_CHECKOUT_SWEEP_MS: '0',
      }),
    ).toEqual({ allowedHosts: '127.0.0.1:4100', concurrency: 8, sweepEveryMs: 0 });
    expect(readRunnerSettings({})).toEqual({});
  });

  it('stops on a malformed value', () => {
    expect(() => readRunnerSettings({ AGENT_CHECKOUT_ALLOWED_HOSTS: 'http://shop.test' })).toThrow(
      /Invalid allowed host/,
    );
    expect(() => readRunnerSettings({ AGENT_CHECKOUT_LEASE_MS: '10s' })).toThrow(/AGENT_CHECKOUT_LEASE_MS/);
    expect(() => readRunnerSettings({ AGENT_CHECKOUT_RUNNER_CONCURRENCY: '0' })).toThrow(/at least 1/);
  });
});
