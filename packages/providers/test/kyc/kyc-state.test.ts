import { MemoryEventStore, type EventStore } from '@paykit/event-store';
import type { ManualClock } from '@paykit/kernel';
import { SandboxKyc } from '../../src/index.js';
import { clockAt, ids, KEY, rightOf } from '../support.js';
import { makeDataDir } from '../state-support.js';

const kycOn = (store: EventStore, clock: ManualClock, seed: string) =>
  new SandboxKyc({ clock, ids: ids(seed), completionDelayMs: 60_000, state: { store, encryptionKey: KEY } });

describe('sandbox KYC in the event store', () => {
  it('keeps an inquiry across a restart: it is decided on time, a review resolved after it, the user’s open one resumed', async () => {
    const dir = await makeDataDir('kyc-restart');
    try {
      const clock = clockAt();
      const before = dir.open();
      const first = kycOn(before, clock, 'before');
      const pending = rightOf(await first.startInquiry({ userId: 'p:ana', referenceId: 'order-1' }));
      const review = rightOf(await first.startInquiry({ userId: 'p:bo', email: 'bo+review@example.com' }));
      await before.close();

      const after = dir.open();
      const restarted = kycOn(after, clock, 'after');
      expect(rightOf(await restarted.getInquiry(pending.inquiryId))).toEqual(pending);
      expect(rightOf(await restarted.startInquiry({ userId: 'p:ana' }))).toEqual(pending);
      clock.advance(60_000);
      expect(rightOf(await restarted.getInquiry(pending.inquiryId))).toMatchObject({
        status: 'approved',
        decidedAt: '2026-01-01T00:01:00.000Z',
      });
      expect(rightOf(await restarted.getInquiry(review.inquiryId)).status).toBe('needs-review');
      expect(rightOf(await restarted.resolveReview(review.inquiryId, 'declined')).status).toBe('declined');
      await after.close();
      const again = dir.open();
      expect(rightOf(await kycOn(again, clock, 'again').getInquiry(review.inquiryId)).status).toBe('declined');
      await again.close();
    } finally {
      await dir.remove();
    }
  });

  it('opens one inquiry per user when two instances start it at once, and keeps the session token sealed', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt();
    const [a, b] = await Promise.all([
      kycOn(store, clock, 'one').startInquiry({ userId: 'p:cy' }),
      kycOn(store, clock, 'two').startInquiry({ userId: 'p:cy' }),
    ]);
    expect(rightOf(a)).toEqual(rightOf(b));
    const texts: string[] = [];
    for await (const event of store.readAll()) texts.push(`${event.streamName} ${JSON.stringify(event.data)}`);
    expect(texts.join('\n')).not.toContain(rightOf(a).sessionToken);
    expect(texts.join('\n')).not.toContain('p:cy');
  });
});
