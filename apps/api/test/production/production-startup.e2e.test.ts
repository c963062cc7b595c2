import { type ChildProcess } from 'node:child_process';
import { startStandaloneRunner } from '../../src/agent-checkouts/runner/standalone-runner.js';
import { loadConfig } from '../../src/config/config.js';
import { PRODUCTION_PARTIES, productionProblemsOf } from '../../src/config/production/production-parties.js';
import { killAll, runTypeScript, spawnTypeScript } from '../scale-out/support/node-process.js';

/**
 * Issue 31 item 7, driven by the list of parties: production starts only with every party on its
 * production adapter. Every party has one (an `example` configuration); a party added without one
 * fails the first test here.
 */
const MAIN = 'apps/api/src/main.ts';
const BASE = { APP_ENV: 'production', EVENT_STORE: 'memory', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
const configured = PRODUCTION_PARTIES.filter((party) => party.example !== undefined);
const withoutAdapter = PRODUCTION_PARTIES.filter((party) => party.example === undefined);
const everyExample = Object.assign({}, ...configured.map((party) => party.example)) as Record<string, string>;
const withoutParty = (name: string) =>
  Object.assign({}, ...configured.filter((party) => party.name !== name).map((party) => party.example)) as Record<
    string,
    string
  >;
const partiesNamedIn = (problems: readonly string[]) =>
  PRODUCTION_PARTIES.filter((party) => problems.some((problem) => problem.startsWith(`${party.name}: `))).map(
    (party) => party.name,
  );

const running = new Set<ChildProcess>();
afterAll(() => killAll(running));

describe('the production parties', () => {
  it('names every party that needs a setting when nothing is configured, and none in staging', () => {
    expect(withoutAdapter.map((party) => party.name)).toEqual([]);
    const needsSettings = PRODUCTION_PARTIES.filter((party) => Object.keys(party.example ?? { none: '' }).length > 0);
    expect(partiesNamedIn(productionProblemsOf(loadConfig({ APP_ENV: 'production' })))).toEqual(
      needsSettings.map((party) => party.name),
    );
    expect(productionProblemsOf(loadConfig({ APP_ENV: 'staging' }))).toEqual([]);
    expect(productionProblemsOf(loadConfig({ ...everyExample, APP_ENV: 'production' }))).toEqual([]);
  });

  it('refuses a separate runner process too', async () => {
    await expect(startStandaloneRunner({ env: { APP_ENV: 'production', ...withoutParty('cards') } })).rejects.toThrow(
      /cards: CARD_PROCESSOR: must be stripe/,
    );
  });

  it.each(configured.filter((party) => Object.keys(party.example ?? {}).length > 0).map((party) => [party.name]))(
    'names %s when its production adapter is not configured, and only then',
    (name) => {
      const without = productionProblemsOf(loadConfig({ ...withoutParty(name), APP_ENV: 'production' }));
      const withAll = productionProblemsOf(loadConfig({ ...everyExample, APP_ENV: 'production' }));
      expect(partiesNamedIn(without)).toContain(name);
      expect(partiesNamedIn(withAll)).not.toContain(name);
    },
  );

  it('refuses a sandbox named in production, a test key and plain http', () => {
    const problems = productionProblemsOf(
      loadConfig({
        ...everyExample,
        APP_ENV: 'production',
        CARD_PROCESSOR: 'sandbox',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
        CHAIN_PRODUCTION_FALLBACK: 'sandbox',
        EVM_RPC_URLS: 'base=http://node.example',
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'cards: CARD_PROCESSOR: must be stripe: the sandbox card processor takes no real card',
        'card issuing: STRIPE_SECRET_KEY: must be a live key (sk_live_...) when APP_ENV=production',
        'card issuing: STRIPE_API_BASE: must be https when APP_ENV=production',
        'evm: EVM_RPC_URLS: the node of base must be https or wss',
        expect.stringMatching(/^evm: EVM_RPC_URLS: no node for polygon, ethereum/),
        'chain fallback: CHAIN_PRODUCTION_FALLBACK: must not be sandbox: it serves main-network chains from the sandbox ledger',
      ]),
    );
  });
});

describe('pnpm start with APP_ENV=production', () => {
  it('exits 1 naming each party that is not on a production adapter', async () => {
    const { code, stderr } = await runTypeScript(MAIN, [], { ...BASE, ...withoutParty('cards') }, running);
    expect(code).toBe(1);
    expect(stderr).toContain('APP_ENV=production, and these parties are not on a production adapter:');
    expect(stderr).toContain('  - cards: CARD_PROCESSOR: must be stripe');
    // Never a secret: the refusal names variables, not their values.
    expect(stderr).not.toContain('sk_live_example');
  }, 120_000);

  it('serves with every party configured on its production adapter', async () => {
    const env = { ...BASE, ...everyExample };
    const child = spawnTypeScript(MAIN, [], env);
    running.add(child);
    const baseUrl = await new Promise<string>((found, failed) => {
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const url = /listening on (http:\/\/\S+?)\/api/.exec(stdout)?.[1];
        if (url) found(url);
      });
      child.on('close', (code) => failed(new Error(`exited ${code}`)));
    });
    expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
  }, 120_000);
});
