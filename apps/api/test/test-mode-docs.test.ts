import { readFileSync } from 'node:fs';
import {
  FIAT_TERMS,
  OFFRAMP_SERVICE_FEE,
  ONRAMP_SERVICE_FEE,
  SANDBOX_ASSETS,
  SANDBOX_PRICED_CHAINS,
  CARD_DECLINE_CODES,
  SANDBOX_ISSUER_BIN,
  TEST_CARDS,
  behaviourOfAccount,
  sandboxRevertingRecipientOf,
} from '@paykit/providers';
import { loadConfig } from '../src/config/config.js';
import { FAUCET_LIMITS, testModeMarkdown } from '../src/openapi/test-mode.js';

const testingDoc = readFileSync(new URL('../../../docs/test-mode.md', import.meta.url), 'utf8');
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** docs/test-mode.md and /docs list the sandbox's magic values from the constants the sandboxes use. */
describe('test mode, documented', () => {
  const defaults = loadConfig({});

  it('docs/test-mode.md names every test card, payout account, KYC marker and reverting address', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(testingDoc).toContain(`\`${spaced(number)}\``);
    for (const suffix of ['0002', '0003']) {
      expect(behaviourOfAccount(suffix)).not.toBe('settle');
      expect(testingDoc).toMatch(new RegExp(`\\| \`${suffix}\` +\\|`));
    }
    for (const marker of ['+decline', '+review', '+approve']) expect(testingDoc).toContain(`\`${marker}\``);
    for (const chainType of ['evm', 'solana', 'aptos', 'sui', 'stellar'] as const) {
      expect(testingDoc).toContain(`\`${sandboxRevertingRecipientOf(chainType)}\``);
    }
    expect(testingDoc).toContain(`gives ${FAUCET_LIMITS.min} to ${FAUCET_LIMITS.max} test stablecoins`);
    expect(testingDoc).toContain(`\`${spaced(SANDBOX_ISSUER_BIN)} xxxx xxxx\``);
    for (const code of CARD_DECLINE_CODES) expect(testingDoc).toContain(`\`${code}\``);
  });

  it("docs/test-mode.md states the sandbox settings' defaults as the server has them", () => {
    const rows = [
      ['PAYOUT_SANDBOX_SEND_DELAY_MS', defaults.PAYOUT_SANDBOX_SEND_DELAY_MS],
      ['PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS', defaults.PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS],
      ['KYC_SANDBOX_COMPLETION_DELAY_MS', defaults.KYC_SANDBOX_COMPLETION_DELAY_MS],
      ['ORDER_QUOTE_TTL_SECONDS', defaults.ORDER_QUOTE_TTL_SECONDS],
      ['ORDER_WORKER_INTERVAL_MS', defaults.ORDER_WORKER_INTERVAL_MS],
      ['WEBHOOK_POLL_MS', defaults.WEBHOOK_POLL_MS],
    ] as const;
    for (const [name, value] of rows) expect(testingDoc).toMatch(new RegExp(`\\| \`${name}\` +\\| \`${value}\` +\\|`));
    expect(testingDoc).toContain(`\`ORDER_NO_KYC_THRESHOLD_USD\` (default ${defaults.ORDER_NO_KYC_THRESHOLD_USD} USD`);
    expect(testingDoc).toContain(`\`ORDER_PURCHASE_LIMIT\` (default ${defaults.ORDER_PURCHASE_LIMIT})`);
  });

  it('docs/test-mode.md and /docs give the sandbox market: every price, the fees and each currency’s sales tax', () => {
    const page = testModeMarkdown(defaults);
    const percent = (fraction: string) => `${Number((Number(fraction) * 100).toFixed(4))}%`;
    for (const text of [testingDoc, page]) {
      for (const [symbol, asset] of Object.entries(SANDBOX_ASSETS))
        expect(text).toMatch(new RegExp(`\\| \`${symbol}\` +\\| ${asset.usdPrice} +\\| ${asset.decimals} +\\|`));
      for (const [currency, terms] of Object.entries(FIAT_TERMS)) {
        expect(text).toMatch(
          new RegExp(
            `\\| \`${currency}\` +\\| ${terms.perUsd} +\\| ${terms.payoutRate} +\\| ${percent(terms.salesTaxRate).replace('.', '\\.')} +\\|`,
          ),
        );
      }
      expect(text).toContain(
        `a service fee of ${Number(ONRAMP_SERVICE_FEE.rateBps) / 100}% plus ${ONRAMP_SERVICE_FEE.fixedUsd} USD`,
      );
      expect(text).toContain(`a service fee of ${Number(OFFRAMP_SERVICE_FEE.rateBps) / 100}% of what is sold`);
    }
    const networkFees = new Set(Object.values(SANDBOX_PRICED_CHAINS.staging).map((chain) => chain.networkFeeUsd));
    for (const fee of networkFees) expect(testingDoc).toContain(`${fee} USD`);
    expect(page).toContain(
      `\`ethereum-sepolia\` ${SANDBOX_PRICED_CHAINS.staging['ethereum-sepolia']!.networkFeeUsd} USD`,
    );
  });

  it('the /docs section follows this server’s settings', () => {
    const quick = testModeMarkdown({
      ...defaults,
      PAYOUT_SANDBOX_SEND_DELAY_MS: 1000,
      KYC_SANDBOX_COMPLETION_DELAY_MS: 3000,
      SANDBOX_BLOCK_TIME_MS: 200,
    });
    expect(quick).toContain('A payout is sent 1 s after');
    expect(quick).toContain('decided 3 s after it starts');
    expect(quick).toContain('make a block every 200 ms');
    expect(testModeMarkdown(defaults)).toContain('decided at once');
    expect(testModeMarkdown(defaults)).toContain('within 15 minutes');
    expect(testingDoc).toContain('within 15 minutes');
  });
});
