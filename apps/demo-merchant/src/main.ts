import { createDemoMerchant } from './merchant.js';

const port = Number(process.env.PORT ?? 4100);
const host = process.env.HOST ?? '127.0.0.1';
const merchant = await createDemoMerchant({
  port,
  host,
  ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
  ...(process.env.DEMO_MERCHANT_SEED ? { seed: process.env.DEMO_MERCHANT_SEED } : {}),
  agenticCheckout: process.env.DEMO_MERCHANT_ACP !== 'off',
  ...(process.env.DEMO_MERCHANT_API_KEY ? { apiKey: process.env.DEMO_MERCHANT_API_KEY } : {}),
  ...(process.env.DEMO_MERCHANT_SIGNATURE_KEY ? { signatureKey: process.env.DEMO_MERCHANT_SIGNATURE_KEY } : {}),
  // The card network for virtual cards, e.g. http://127.0.0.1:3000/sandbox/card-network/authorizations.
  ...(process.env.DEMO_MERCHANT_CARD_NETWORK_URL ? { cardNetworkUrl: process.env.DEMO_MERCHANT_CARD_NETWORK_URL } : {}),
  logger: process.env.LOG_REQUESTS === 'true',
});
console.log(`Demo merchant listening on ${merchant.url}`);

const shutdown = () => {
  merchant.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
