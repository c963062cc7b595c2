import { SqliteEventStore } from '@paykit/event-store';
import { ManualClock, randomIds } from '@paykit/kernel';
import { Aggregates } from '../../src/infrastructure/aggregates/aggregates.js';
import { type BudgetClaim, Budgets } from '../../src/infrastructure/budgets/budgets.js';
import { type TempDir, makeTempDir } from '../support/temp-dir.js';

const context = {
  projectId: 'project-1',
  correlationId: 'budget-tests',
  actor: { type: 'system' as const, id: 'budget-tests' },
};
const DAY = 86_400_000;

/** The budget service on the embedded store, as the API builds it: claims race through the store itself. */
describe('budgets claimed in the store', () => {
  let dir: TempDir;
  let store: SqliteEventStore;
  let clock: ManualClock;
  let budgets: Budgets;

  beforeEach(async () => {
    dir = await makeTempDir();
    store = new SqliteEventStore({ dataDir: dir.path });
    clock = new ManualClock(new Date('2026-12-01T10:00:00.000Z'));
    budgets = new Budgets(new Aggregates(store, clock, randomIds));
  });
  afterEach(async () => {
    await store.close();
    await dir.remove();
  });

  const key = { kind: 'test-spend', parts: ['wallet-1', 'signer-1'] };
  const race = (count: number, amount: string, limit: string): Promise<BudgetClaim[]> =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        budgets.claim(key, { claimId: `claim-${index}`, amount, limit, windowMs: DAY }, context),
      ),
    );

  it('lets no burst of concurrent claims take more than the limit', async () => {
    const claims = await race(20, '3', '10');
    expect(claims.filter((claim) => claim.claimed)).toHaveLength(3);
    const refused = claims.find((claim) => !claim.claimed);
    expect(refused).toMatchObject({ claimed: false, limit: '10', spent: '9', remaining: '1' });
  });

  it('lets exactly one of several claims that each fit alone win', async () => {
    const claims = await race(8, '6', '10');
    expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);
  });

  it('answers a repeated claim as held, and gives a released claim back', async () => {
    const first = await budgets.claim(key, { claimId: 'a', amount: '10', limit: '10', windowMs: DAY }, context);
    expect(first).toEqual({ claimed: true, spent: '10', remaining: '0' });
    expect(await budgets.claim(key, { claimId: 'a', amount: '10', limit: '10', windowMs: DAY }, context)).toEqual(
      first,
    );
    expect(await budgets.claim(key, { claimId: 'b', amount: '1', limit: '10', windowMs: DAY }, context)).toMatchObject({
      claimed: false,
      resetsAt: '2026-12-02T10:00:00.000Z',
    });
    await budgets.release(key, 'a', 'transfer failed', context);
    expect(await budgets.claim(key, { claimId: 'b', amount: '1', limit: '10', windowMs: DAY }, context)).toEqual({
      claimed: true,
      spent: '1',
      remaining: '9',
    });
  });

  it('frees the window as its claims age out of it', async () => {
    await budgets.claim(key, { claimId: 'a', amount: '10', limit: '10', windowMs: DAY }, context);
    clock.set(new Date('2026-12-02T10:00:00.000Z'));
    expect(await budgets.claim(key, { claimId: 'b', amount: '10', limit: '10', windowMs: DAY }, context)).toMatchObject(
      { claimed: true },
    );
  });
});
