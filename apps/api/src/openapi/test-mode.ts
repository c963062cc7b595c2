import {
  FIAT_TERMS,
  OFFRAMP_SERVICE_FEE,
  ONRAMP_SERVICE_FEE,
  SANDBOX_ASSETS,
  SANDBOX_PRICED_CHAINS,
  CARD_TOKEN_LIFETIME_MS,
  CARD_DECLINE_CODES,
  SANDBOX_ISSUER_BIN,
  type SandboxCardBehaviour,
  TEST_CARDS,
  behaviourOfAccount,
  sandboxRevertingRecipientOf,
} from '@paykit/providers';
import type { AppConfig } from '../config/config.js';

/** The staging faucet's bounds per request and chain (COMPAT.md "Staging faucet"), in whole tokens. */
export const FAUCET_LIMITS = { min: 1, max: 100 } as const;

export type TestModeSettings = Pick<
  AppConfig,
  | 'APP_ENV'
  | 'ORDER_NO_KYC_THRESHOLD_USD'
  | 'ORDER_PURCHASE_LIMIT'
  | 'ORDER_PURCHASE_LIMIT_WINDOW_HOURS'
  | 'ORDER_QUOTE_TTL_SECONDS'
  | 'KYC_SANDBOX_COMPLETION_DELAY_MS'
  | 'PAYOUT_SANDBOX_SEND_DELAY_MS'
  | 'PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS'
  | 'SANDBOX_BLOCK_TIME_MS'
>;

const CARD_EFFECTS: Readonly<Record<SandboxCardBehaviour, string>> = {
  succeed: 'succeeds',
  decline: 'declined: `payment.failureReason.code` payment-declined',
  'insufficient-funds': 'declined for insufficient funds',
  'expired-card': 'declined as expired',
  'require-verification':
    'asks for a verification step: POST the URL in `payment.preparation.cardVerification` with `{"outcome":"succeeded"}` (or `"failed"`)',
  'processor-error': 'the processor fails: 503 `provider_unavailable` with Retry-After, every time',
};

const spaced = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

const ACCOUNT_SUFFIXES = ['0002', '0003'] as const;
const ACCOUNT_EFFECTS = {
  'account-closed': 'the payout is returned when it would settle: delivery failed, `account_closed`',
  'never-settle': 'the payout is sent and never settles (a late-payout exception in the reconciliation report)',
  settle: 'settles',
} as const;

const percent = (fraction: string | number): string => `${Number((Number(fraction) * 100).toFixed(4))}%`;
const bpsPercent = (bps: string): string => percent(Number(bps) / 10_000);

/** The sandbox market's prices, fees and sales tax: what a staging quote is made of (ADR 0815). */
export const sandboxRatesMarkdown = (heading: string): string => {
  const networkFees = Object.entries(SANDBOX_PRICED_CHAINS.staging).map(
    ([chain, priced]) => `\`${chain}\` ${priced.networkFeeUsd} USD`,
  );
  return [
    `${heading} Prices, fees and tax (the sandbox market)`,
    '',
    'Quotes in staging come from a fixed market, priced in US dollars and converted per currency:',
    '',
    '| Asset | Price (USD) | Decimals |',
    '|---|---|---|',
    ...Object.entries(SANDBOX_ASSETS).map(
      ([symbol, asset]) => `| \`${symbol}\` | ${asset.usdPrice} | ${asset.decimals} |`,
    ),
    '',
    '| Currency | Per USD (onramp prices) | Stablecoin paid per unit (offramp) | Sales tax on card purchases |',
    '|---|---|---|---|',
    ...Object.entries(FIAT_TERMS).map(
      ([currency, terms]) =>
        `| \`${currency}\` | ${terms.perUsd} | ${terms.payoutRate} | ${percent(terms.salesTaxRate)} |`,
    ),
    '',
    `- Onramp (card): a service fee of ${bpsPercent(ONRAMP_SERVICE_FEE.rateBps)} plus ${ONRAMP_SERVICE_FEE.fixedUsd} USD (converted), the chain's network fee (${networkFees.join(', ')}), then sales tax on the subtotal at the currency's rate above.`,
    `- Offramp (payout): a service fee of ${bpsPercent(OFFRAMP_SERVICE_FEE.rateBps)} of what is sold; no tax.`,
    '',
  ].join('\n');
};

const seconds = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * Test mode in one place: the sandbox's magic values and delays, from the constants the
 * sandboxes use and this server's settings. It is the reference page's "Test mode" section; the
 * same values are listed in docs/test-mode.md; `/docs/test-mode` serves this page alone.
 */
export const testModeMarkdown = (settings: TestModeSettings): string =>
  [
    '## Test mode',
    '',
    `This server runs in **${settings.APP_ENV}**. In staging every outside party is a deterministic sandbox, driven by the magic values below. Production refuses the faucet and card numbers (see Paying by card).`,
    '',
    '### Cards, sandbox processor (`POST /unstable/card-tokens`, then pay with `{"type":"card-token"}`)',
    '',
    '| Number | Effect |',
    '|---|---|',
    ...Object.entries(TEST_CARDS).map(
      ([number, behaviour]) => `| \`${spaced(number)}\` | ${CARD_EFFECTS[behaviour]} |`,
    ),
    '| any other Luhn-valid number | succeeds |',
    '',
    `Any future expiry and any 3-4 digit CVC work. A token pays one order of the project whose key made it, within ${CARD_TOKEN_LIFETIME_MS / 60_000} minutes (then \`card_token_used\`, \`card_token_expired\`): tokenize again for each payment.`,
    '',
    '### Virtual cards (agent checkouts)',
    '',
    `A run pays a shop's card form with a card of the sandbox issuer: a Visa \`${spaced(SANDBOX_ISSUER_BIN)} xxxx xxxx\`, capped at the total the run declared, locked to its start URL's origin, one approval, closed when the run ends. A test shop's processor asks \`POST /sandbox/card-network/authorizations\` (staging only), and the issuer declines \`${CARD_DECLINE_CODES.join('`, `')}\`.`,
    '',
    '### Bank payouts (offramp, `POST /unstable/payment-methods`)',
    '',
    '| Account number ending in | Effect |',
    '|---|---|',
    ...ACCOUNT_SUFFIXES.map((suffix) => `| \`${suffix}\` | ${ACCOUNT_EFFECTS[behaviourOfAccount(suffix)]} |`),
    `| anything else | ${ACCOUNT_EFFECTS.settle} |`,
    '',
    `Routing numbers must pass the ABA checksum; \`110000000\` is the test one. A payout is sent ${seconds(settings.PAYOUT_SANDBOX_SEND_DELAY_MS)} after the deposit is confirmed (PAYOUT_SANDBOX_SEND_DELAY_MS) and settles ${seconds(settings.PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS)} later (PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS), like ACH.`,
    '',
    '### Identity checks (KYC)',
    '',
    `An onramp order above ${settings.ORDER_NO_KYC_THRESHOLD_USD} USD (ORDER_NO_KYC_THRESHOLD_USD; any amount in another currency) needs the user's identity check. The sandbox decides it from a marker in the user's name or email, in any case:`,
    '',
    '| Marker | Outcome | Order payment status |',
    '|---|---|---|',
    '| `+decline` (`ana+decline@example.com`) | declined | `failed-kyc` |',
    '| `+review` | needs review | `manual-kyc` |',
    '| `+approve`, or no marker | approved | proceeds to `awaiting-payment` |',
    '',
    settings.KYC_SANDBOX_COMPLETION_DELAY_MS === 0
      ? 'The check is decided at once (KYC_SANDBOX_COMPLETION_DELAY_MS=0), so an approved user never sees `requires-kyc`; set a delay to see `requires-kyc` with `payment.preparation.kyc` first.'
      : `The check is decided ${seconds(settings.KYC_SANDBOX_COMPLETION_DELAY_MS)} after it starts (KYC_SANDBOX_COMPLETION_DELAY_MS); until then the order shows \`requires-kyc\` with \`payment.preparation.kyc\`.`,
    '',
    '### Wallets and chains',
    '',
    `- Faucet: \`POST /v1-alpha2/wallets/{walletLocator}/balances\` gives ${FAUCET_LIMITS.min} to ${FAUCET_LIMITS.max} \`usdxm\` per request and chain, with some native gas; or the native token alone (\`"token":"eth"\` and so on) for gas. Staging only.`,
    '- `usdxm` is the staging test stablecoin; `usdc` names it in staging (and is real USDC in production).',
    `- Transfers to these addresses fail on chain (a revert with revert data on EVM): EVM \`${sandboxRevertingRecipientOf('evm')}\`, Solana \`${sandboxRevertingRecipientOf('solana')}\`.`,
    settings.SANDBOX_BLOCK_TIME_MS === undefined
      ? '- Sandbox chains keep their networks’ block times (2 s on base-sepolia); an EVM transfer is final after 3 blocks, a Solana one after 32 slots. SANDBOX_BLOCK_TIME_MS sets one block time for every chain.'
      : `- Sandbox chains make a block every ${seconds(settings.SANDBOX_BLOCK_TIME_MS)} (SANDBOX_BLOCK_TIME_MS); an EVM transfer is final after 3 blocks, a Solana one after 32 slots.`,
    '',
    '### Orders',
    '',
    `- A quote holds ${settings.ORDER_QUOTE_TTL_SECONDS} s (ORDER_QUOTE_TTL_SECONDS).`,
    `- A user may buy up to ${settings.ORDER_PURCHASE_LIMIT} per currency by card within ${settings.ORDER_PURCHASE_LIMIT_WINDOW_HOURS} h (ORDER_PURCHASE_LIMIT): beyond that, \`single_purchase_exceeded\`.`,
    '',
    sandboxRatesMarkdown('###'),
  ].join('\n');
