import { type LocalSandbox, runTour, startLocalSandbox, textReport } from '../src/index.js';

/**
 * `pnpm demo` without arguments, in-process: a sandbox on a temp data directory and the demo
 * merchant, and every story of the tour against it over HTTP with the typed client.
 */
describe('the tour', () => {
  let sandbox: LocalSandbox;
  beforeAll(async () => {
    sandbox = await startLocalSandbox();
  });
  afterAll(() => sandbox?.close());

  it('walks every story to its end, webhooks verified included', async () => {
    const lines: string[] = [];
    const result = await runTour({ ...sandbox, report: textReport((text) => lines.push(text)), waitMs: 20_000 });
    const printed = lines.join('');
    expect(result.skipped).toEqual([]);
    expect(printed).toMatch(/transfer success: txId 0x[0-9a-f]{64}/);
    expect(printed).toContain('failureReason payment-declined');
    expect(printed).toMatch(/verification vrf_\S+ completed by the cardholder: charge succeeded/);
    expect(printed).toMatch(/payout completed on rail ach/);
    expect(printed).toMatch(/run succeeded at revision \d+/);
    expect(printed).toMatch(/every signature verified with standardwebhooks/);
  }, 60_000);
});
