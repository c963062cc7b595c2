import { readFileSync } from 'node:fs';
import {
  CARD_DECLINE_CODES,
  SANDBOX_ISSUER_BIN,
  TEST_CARDS,
  behaviourOfAccount,
  sandboxRevertingRecipientOf,
} from '@paykit/providers';
import { loadConfig } from '../src/config/config.js';
import { FAUCET_LIMITS, testModeMarkdown } from '../src/openapi/test-mode.js';

const testingDoc = readFileSync(new URL('../../../docs/testing.md', import.meta.url), 'utf8');
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** docs/testing.md and /docs list the sandbox's magic values from the constants the sandboxes use. */
describe('test mode, documented', () => {
  const defaults = loadConfig({});

  it('docs/testing.md names every test card, payout account, KYC marker and reverting address', () => {
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

  it("docs/testing.md states the sandbox settings' defaults as the server has them", () => {
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
