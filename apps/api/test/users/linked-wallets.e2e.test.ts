import { generateKeyPairSync, sign } from 'node:crypto';
import { addressFromPublicKey } from '@paykit/wallets';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { LinkedWalletsService } from '../../src/users/linked-wallets.service.js';
import { type IdentityServer, startIdentityServer } from './identity-fixtures.js';

const path = (user: string, address: string) =>
  `/2025-06-09/users/${encodeURIComponent(user)}/linked-wallets/${address}`;

describe('linked external wallets', () => {
  let api: IdentityServer;
  let linked: LinkedWalletsService;
  beforeAll(async () => {
    api = await startIdentityServer({ env: { WALLET_LINK_DOMAIN: 'shop.example.com' } });
    linked = api.server.app.get(LinkedWalletsService);
  });
  afterAll(() => api.close());

  it('challenges an EVM wallet, then verifies its personal_sign signature; only then is it linked', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const user = 'email:ana@example.com';
    const challenged = await api.call('PUT', path(user, account.address.toLowerCase()), { chainType: 'evm' });
    expect(challenged.status).toBe(200);
    const challenge = challenged.body.ownership.verificationChallenge;
    expect(challenged.body).toMatchObject({
      address: account.address,
      chainType: 'evm',
      type: 'external-wallet',
      ownership: { verified: false },
    });
    expect(challenge).toMatchObject({
      domain: 'shop.example.com',
      address: account.address,
      chainId: 'eip155:84532',
      uri: 'https://shop.example.com',
    });
    expect(challenge.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(challenge.expiresAt) - Date.parse(challenge.issuedAt)).toBe(10 * 60_000);
    expect(challenge.message).toBe(
      [
        `shop.example.com wants you to sign in with your Ethereum account:`,
        account.address,
        '',
        challenge.statement,
        '',
        'URI: https://shop.example.com',
        'Version: 1',
        'Chain ID: 84532',
        `Nonce: ${challenge.nonce}`,
        `Issued At: ${challenge.issuedAt}`,
        `Expiration Time: ${challenge.expiresAt}`,
      ].join('\n'),
    );
    // Asking again while the challenge is open answers the same one.
    const again = await api.call('PUT', path(user, account.address), { chainType: 'evm' });
    expect(again.body.ownership.verificationChallenge.nonce).toBe(challenge.nonce);
    expect(await linked.isLinkedToUser(api.shop.projectId, account.address)).toBe(false);

    const proof = await account.signMessage({ message: challenge.message });
    const verified = await api.call('PUT', path(user, account.address), { chainType: 'evm', proof });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      address: account.address,
      chainType: 'evm',
      type: 'external-wallet',
      ownership: { verified: true },
    });

    expect(await linked.isLinkedToUser(api.shop.projectId, account.address.toLowerCase())).toBe(true);
    expect(await linked.linkedUserOf(api.shop.projectId, account.address, 'evm')).toBe(user);
    expect(await linked.isLinkedToUser(api.other.projectId, account.address)).toBe(false);
    // Verified stays verified; asking again is answered without a new challenge.
    expect((await api.call('PUT', path(user, account.address), { chainType: 'evm' })).body.ownership).toEqual({
      verified: true,
    });
    // Another user of the project cannot take it over.
    const takeover = await api.call('PUT', path('userId:mallory', account.address), { chainType: 'evm' });
    expect(takeover.status).toBe(409);
    expect(takeover.body.code).toBe('wallet_linked_to_another_user');
  });

  it('refuses a wrong signature: another key’s, or over another message', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const impostor = privateKeyToAccount(generatePrivateKey());
    const user = 'userId:bo';
    const challenged = await api.call('PUT', path(user, account.address), { chainType: 'evm' });
    const { message } = challenged.body.ownership.verificationChallenge;
    for (const proof of [
      await impostor.signMessage({ message }),
      await account.signMessage({ message: message.replace(/Nonce: \w+/, 'Nonce: 00000000000000000000000000000000') }),
      '0x1234',
    ]) {
      const refused = await api.call('PUT', path(user, account.address), { chainType: 'evm', proof });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'invalid_ownership_proof',
        parameters: { issues: [{ path: 'proof' }] },
      });
    }
    expect(await linked.isLinkedToUser(api.shop.projectId, account.address)).toBe(false);
    // A signature of the challenge made for another user does not link it to this one.
    const forOther = await api.call('PUT', path('userId:other', account.address), { chainType: 'evm' });
    const proof = await account.signMessage({ message: forOther.body.ownership.verificationChallenge.message });
    const wrongUser = await api.call('PUT', path(user, account.address), { chainType: 'evm', proof });
    expect(wrongUser.status).toBe(400);
    expect(wrongUser.body.code).toBe('no_pending_challenge');
  });

  it('verifies a Solana wallet’s Ed25519 signature', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
    const address = addressFromPublicKey('solana', raw);
    const user = 'userId:sol';
    const challenged = await api.call('PUT', path(user, address), { chainType: 'solana' });
    const { message, chainId } = challenged.body.ownership.verificationChallenge;
    expect(message.startsWith('shop.example.com wants you to sign in with your Solana account:\n')).toBe(true);
    expect(chainId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    const wrong = sign(null, Buffer.from(`${message}.`), privateKey);
    expect(
      (await api.call('PUT', path(user, address), { chainType: 'solana', proof: `0x${wrong.toString('hex')}` })).status,
    ).toBe(400);
    const signature = sign(null, Buffer.from(message), privateKey);
    const verified = await api.call('PUT', path(user, address), {
      chainType: 'solana',
      proof: `0x${signature.toString('hex')}`,
    });
    expect(verified.body.ownership).toEqual({ verified: true });
    expect(await linked.linkedUserOf(api.shop.projectId, address)).toBe(user);
  });

  it.each([
    [
      'a proof before any challenge',
      'userId:early',
      { chainType: 'evm', proof: `0x${'11'.repeat(65)}` },
      'proof',
      'no_pending_challenge',
    ],
    ['an address of another chain type', 'userId:x', { chainType: 'solana' }, 'address', 'invalid_request'],
    ['a chain type that cannot sign here', 'userId:x', { chainType: 'aptos' }, 'chainType', 'invalid_request'],
    ['a malformed user locator', 'nobody', { chainType: 'evm' }, 'userLocator', 'invalid_user_locator'],
  ])('refuses %s with a 400 naming the field', async (_case, user, body, field, code) => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const response = await api.call('PUT', path(user, address), body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(response.body.parameters.issues[0].path).toBe(field);
  });
});
