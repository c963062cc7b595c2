import { toRunSnapshot } from '@paykit/checkout-runs';
import { generateKeyPairSync } from 'node:crypto';
import { parseAcpCredentials } from '../../src/index.js';
import { type Harness, shopCredentials, startHarness } from '../support/harness.js';
import { createRun, isFinal, runInput, waitForRun } from '../support/runs.js';

const keyPair = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
};

describe('the deployment credential per merchant', () => {
  let h: Harness;
  const agent = keyPair();
  afterEach(() => h.close());

  const buyMug = async () => {
    const runId = await createRun(h.store, h.clock, runInput(`${h.shop.url}/products/mug`, '50', 'Buy a ceramic mug'));
    return toRunSnapshot(await waitForRun(h.store, runId, isFinal));
  };

  it('a merchant that asks for signed requests gets them (Ed25519 over the canonical request) and sells', async () => {
    h = await startHarness({ signatureKey: agent.publicKey });
    h.startRunner({ acpCredentials: shopCredentials(h.shop, { signingKey: agent.privateKey }) });
    expect(await buyMug()).toMatchObject({ status: 'succeeded' });
  });

  it.each([
    ['signed with another key', () => ({ signingKey: keyPair().privateKey })],
    ['not signed', () => ({})],
  ])(
    'a request %s is refused 401: the run is blocked merchant.access_blocked and nothing is charged',
    async (_case, extra) => {
      h = await startHarness({ signatureKey: agent.publicKey });
      h.startRunner({ acpCredentials: shopCredentials(h.shop, extra()) });
      expect(await buyMug()).toMatchObject({ status: 'blocked', result: { code: 'merchant.access_blocked' } });
      expect(h.shop.state.paymentAttempts()).toEqual([]);
    },
  );

  it('without a credential for the merchant no bearer token is sent: 401, blocked, nothing charged', async () => {
    h = await startHarness();
    h.startRunner({ acpCredentials: {} });
    expect(await buyMug()).toMatchObject({ status: 'blocked', result: { code: 'merchant.access_blocked' } });
    expect(h.shop.state.requests().filter((request) => request.path === '/checkout_sessions')).toHaveLength(1);
    expect(h.shop.state.paymentAttempts()).toEqual([]);
  });
});

describe('reading AGENT_CHECKOUT_ACP_CREDENTIALS', () => {
  it('keys credentials by origin and checks every entry', () => {
    const { privateKey } = keyPair();
    expect(
      parseAcpCredentials(
        JSON.stringify({ 'https://shop.example/': { token: 't', merchantId: 'm', signingKey: privateKey } }),
      ),
    ).toEqual({
      'https://shop.example': { token: 't', merchantId: 'm', signingKey: privateKey },
    });
    expect(parseAcpCredentials('')).toEqual({});
  });

  it.each([
    ['not JSON', '{'],
    ['a path, not an origin', JSON.stringify({ 'https://shop.example/api': { token: 't' } })],
    ['no token', JSON.stringify({ 'https://shop.example': {} })],
    [
      'a signing key that is not Ed25519',
      JSON.stringify({ 'https://shop.example': { token: 't', signingKey: 'nope' } }),
    ],
  ])('refuses %s without repeating a secret', (_case, value) => {
    expect(() => parseAcpCredentials(value)).toThrow();
    try {
      parseAcpCredentials(value);
    } catch (error) {
      expect((error as Error).message).not.toContain('"t"');
    }
  });
});
