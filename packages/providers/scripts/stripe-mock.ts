// Runs the Stripe contract mock on its own, for a local server with CARD_PROCESSOR=stripe (docs/production.md):
//   node --conditions=@paykit/source --import ./tools/testing/ts-loader/register.mjs packages/providers/scripts/stripe-mock.ts [port]
// Prints the STRIPE_API_BASE to use; Ctrl-C stops it (and reports any answer that broke Stripe's schema).
import { StripeMock } from '../test/support/stripe-mock/index.js';

const mock = await StripeMock.start(Number(process.argv[2] ?? 0));
console.log(`STRIPE_API_BASE=${mock.url}`);
process.once('SIGINT', () => {
  mock.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    },
  );
});
