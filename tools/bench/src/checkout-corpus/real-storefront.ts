import type { CorpusScenario } from '@paykit/shop-corpus';

/**
 * The real open-source storefront of tools/real-storefront (EverShop), when it is set up and
 * started: `BENCH_REAL_STOREFRONT_URL=http://127.0.0.1:3900`. Its card payment asks the card
 * network of the benchmark's API, so the API then listens on `BENCH_API_PORT` (3000, the port
 * tools/real-storefront/start.sh points the storefront at by default).
 */
export const REAL_STOREFRONT_URL = process.env['BENCH_REAL_STOREFRONT_URL'] ?? '';
export const BENCH_API_PORT = Number(process.env['BENCH_API_PORT'] || 3000);

const T_SHIRT = {
  shop: 'real-storefront',
  path: '/classic-cotton-t-shirt-white-sm',
  task: 'Buy 1 Classic Cotton T-Shirt in black, size XL',
  buyer: 'profile',
  questions: 'none',
} as const;

/**
 * The seeded T-shirt ($24, shipping $5, no tax: tools/real-storefront/seed.mjs), opened on
 * another variant than the one asked for: bought within maxCost, and stopped when only the
 * checkout's total (with shipping) is above it.
 */
export const REAL_STOREFRONT_SCENARIOS: readonly CorpusScenario[] = [
  {
    ...T_SHIRT,
    id: 'real-storefront/evershop-t-shirt',
    maxCost: { amount: '40', currency: 'USD' },
    expected: { status: 'succeeded' },
  },
  {
    ...T_SHIRT,
    id: 'real-storefront/evershop-over-after-shipping',
    maxCost: { amount: '26', currency: 'USD' },
    expected: { status: 'blocked', code: 'policy.max_cost_exceeded' },
  },
];

/** An authorization the issuer approved on a run's virtual card. */
export interface ApprovedCharge {
  readonly amount: string;
  readonly currency: string;
}

/**
 * The store's own records are its database's, so a run there is judged by what the card
 * issuer approved on its virtual card: exactly one charge within maxCost when it should buy,
 * none when it should stop.
 */
export const judgeRealStorefrontRun = (
  scenario: CorpusScenario,
  ending: { readonly status: string; readonly code?: string },
  approved: readonly ApprovedCharge[],
): { readonly expected: boolean; readonly wrongMoney: readonly string[] } => {
  const wrongMoney: string[] = [];
  if (approved.length > 1) wrongMoney.push(`${approved.length} charges approved`);
  for (const charge of approved) {
    if (charge.currency !== scenario.maxCost.currency || Number(charge.amount) > Number(scenario.maxCost.amount))
      wrongMoney.push(`charged ${charge.amount} ${charge.currency}, above maxCost`);
    if (scenario.expected.status !== 'succeeded')
      wrongMoney.push(`charged ${charge.amount} ${charge.currency} although the run should have stopped`);
  }
  const { expected } = scenario;
  const ended = ending.status === expected.status && (expected.code === undefined || ending.code === expected.code);
  const paid = expected.status !== 'succeeded' || approved.length === 1;
  return { expected: ended && paid && wrongMoney.length === 0, wrongMoney };
};
