import type { CorpusScenario } from '@paykit/shop-corpus';

/**
 * The real open-source storefront of tools/real-storefront (EverShop), when it is set up and
 * started: `BENCH_REAL_STOREFRONT_URL=http://127.0.0.1:3900`. Its card payment asks the card
 * network of the benchmark's API, so the API then listens on `BENCH_API_PORT` (3000, the port
 * tools/real-storefront/start.sh points the storefront at by default).
 */
export const REAL_STOREFRONT_URL = process.env['BENCH_REAL_STOREFRONT_URL'] ?? '';
export const BENCH_API_PORT = Number(process.env['BENCH_API_PORT'] || 3000);

/** A purchase of the seeded T-shirt; judged by the run's outcome, as the shop's records are its own. */
export const REAL_STOREFRONT_SCENARIO: CorpusScenario = {
  id: 'real-storefront/evershop-t-shirt',
  shop: 'real-storefront',
  path: '/classic-cotton-t-shirt-white-sm',
  task: 'Buy 1 Classic Cotton T-Shirt in black, size XL',
  maxCost: { amount: '40', currency: 'USD' },
  buyer: 'profile',
  questions: 'none',
  expected: { status: 'succeeded' },
};
