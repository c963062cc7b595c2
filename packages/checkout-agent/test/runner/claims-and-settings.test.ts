import { MemoryEventStore } from '@paykit/event-store';
import { ManualClock, randomIds } from '@paykit/kernel';
import { SandboxFaults, SandboxPricing } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import {
  RunCommands,
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
