import { appendingCases } from './cases/appending.js';
import { availabilityCases } from './cases/availability.js';
import { bigNumberCases } from './cases/big-numbers.js';
import { erasingCases } from './cases/erasing.js';
import { payloadCases } from './cases/payloads.js';
import { readingCases } from './cases/reading.js';
import { subscriptionCases } from './cases/subscriptions.js';
import { CaseContext, type ConformanceCase, type EventStoreConformanceFactory } from './harness.js';

export type { ConformanceStorage, EventStoreConformanceFactory } from './harness.js';

export const conformanceCases: readonly ConformanceCase[] = [
  ...appendingCases,
  ...readingCases,
  ...subscriptionCases,
  ...payloadCases,
  ...bigNumberCases,
  ...availabilityCases,
  ...erasingCases,
];

/**
 * The one test suite every EventStore adapter must pass, written against the port only. Call it
 * from a jest test file; each case gets fresh storage, and restart cases reopen that storage.
 */
export const describeEventStoreConformance = (adapterName: string, factory: EventStoreConformanceFactory): void => {
  describe(`event store conformance: ${adapterName} (${conformanceCases.length} cases)`, () => {
    for (const conformanceCase of conformanceCases) {
      if (conformanceCase.requiresPersistence && !factory.persistent) {
        it.skip(`${conformanceCase.name} [skipped: ${adapterName} does not persist across a reopen]`, () => {});
        continue;
      }
      it(
        conformanceCase.name,
        async () => {
          const storage = await factory.createStorage();
          const context = new CaseContext(storage, await storage.open());
          try {
            await conformanceCase.run(context);
          } finally {
            await context.dispose();
          }
        },
        conformanceCase.timeoutMs ?? 30_000,
      );
    }
  });
};
