import { type CardPaymentSettings, cardPaymentsMarkdown } from './card-payments.js';
import { type TestModeSettings, testModeMarkdown } from './test-mode.js';

/** The reference page's opening text: how to call the API at all, paying by card, then test mode. */
export const overviewMarkdown = (settings: TestModeSettings & CardPaymentSettings): string =>
  [
    'Payments, wallets and agent checkouts over JSON.',
    '',
    '## Calling the API',
    '',
    '- **Base URL**: every path below is under the API prefix (`http://localhost:3000/api` on a local server); `/health`, `/ready`, `/metrics` and this reference are at the root.',
    '- **Authentication**: `X-API-KEY: sk_<env>_...` (a server key), or a client key `ck_<env>_...` with `Authorization: Bearer <end-user JWT>`. A server key may act for a user with `x-service-user-id`. Each route names the scope it needs.',
    '- **Bodies** are JSON: send `Content-Type: application/json` (otherwise 415).',
    '- **Errors** always answer `{ "error": true, "message": "...", "code"?: "...", "parameters"?: { ... } }`; a 400 names each field and the rule it broke in `parameters.issues`.',
    '- **Retries**: send `x-idempotency-key` on a POST; the same key and body replays the first answer, another body with the same key is a 409 `idempotency_key_reused`.',
    '- **Lists** page with opaque `nextCursor` / `previousCursor` (null at the ends), bound to the filters they were issued with.',
    '- **Webhooks** are signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`); see the Webhooks routes.',
    '',
    cardPaymentsMarkdown(settings),
    testModeMarkdown(settings),
  ].join('\n');
