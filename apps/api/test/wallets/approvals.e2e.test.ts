import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChainGateway } from '@paykit/providers';
import {
  type Hex,
  concatHex,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  hexToBytes,
  keccak256,
  parseAbiParameters,
  stringToHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { testPasskey } from '../../../../packages/wallets/test/signatures/test-passkey.js';
import { CHAIN_GATEWAY } from '../../src/wallets/gateway/chain-gateway.token.js';
import { decodeBase58 } from '../../src/wallets/transfers/base58.js';
import { ed25519TestKey } from './test-keys.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

interface PendingApproval {
  message: string;
  signer: { locator: string; address: string; type: string };
}

/** A lone signer's pending approval, in the shape the public SDK reads (ADR 0440). */
const pendingOf = (transfer: { approvals: { pending: PendingApproval[] } }): PendingApproval => {
  const pending = transfer.approvals.pending[0];
  if (!pending) throw new Error('no pending approval');
  return pending;
};

/** The relying party this server's passkeys belong to (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS). */
const RELYING_PARTY = { rpId: 'wallet.example', origin: 'https://app.wallet.example' };

/**
 * An EVM approval message as a verifier with viem alone recomputes it from what executed:
 * keccak256 of the ABI encoding of (domain, chain, keccak256(transfer id), from, to, value, data).
 */
const evmApprovalOf = (
  domain: string,
  chain: string,
  transferId: string,
  from: string,
  call: { to: string; value: bigint; data: Hex },
): Hex =>
  keccak256(
    encodeAbiParameters(parseAbiParameters('string, string, bytes32, address, address, uint256, bytes'), [
      domain,
      chain,
      keccak256(stringToHex(transferId)),
      from as Hex,
      call.to as Hex,
      call.value,
      call.data,
    ]),
  );

/** ERC-20 `transfer(to, amount)` with the memo after it: the tag "memo", then the UTF-8 of `<type>:<value>`. */
const erc20CallWithMemo = (to: string, baseUnits: bigint, memo?: { type: string; value: string }): Hex => {
  const call = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), baseUnits] });
  return memo ? concatHex([call, stringToHex('memo'), stringToHex(`${memo.type}:${memo.value}`)]) : call;
};

describe('transfers that need a signer’s approval', () => {
  let api: WalletServer;
  let project: TestProject;
  const admin = privateKeyToAccount(generatePrivateKey());
  const delegate = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());
  let wallet: { address: string };
  const payee = '0x000000000000000000000000000000000000bEEF';

  const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
  const send = (body: unknown, token = 'base-sepolia:usdc') =>
    call('POST', `${WALLETS}/${wallet.address}/tokens/${token}/transfers`, body);
  const approve = (id: string, approvals: unknown) =>
    call('POST', `${WALLETS}/${wallet.address}/transactions/${id}/approvals`, { approvals });
  const sign = (account: typeof admin, message: string) => account.signMessage({ message: { raw: message as Hex } });
  const settled = (id: string) =>
    pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );

  beforeAll(async () => {
    api = await startWalletServer({
      env: { WEBAUTHN_RP_ID: RELYING_PARTY.rpId, WEBAUTHN_ORIGINS: RELYING_PARTY.origin },
    });
    project = await api.project();
    const created = await call('POST', WALLETS, {
      chainType: 'evm',
      config: {
        adminSigner: { type: 'external-wallet', address: admin.address },
        delegatedSigners: [
          {
            signer: `external-wallet:${delegate.address}`,
            scopes: [
              { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '5', interval: 3600 } },
            ],
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    wallet = created.body;
    await call('POST', `/v1-alpha2/wallets/${wallet.address}/balances`, {
      amount: 50,
      token: 'usdc',
      chain: 'base-sepolia',
    });
  });
  afterAll(() => api.close());

  it('waits in awaiting-approval for the admin’s signature, verified, then executes', async () => {
    const sent = await send({ recipient: payee, amount: '2' });
    expect(sent.status).toBe(201);
    expect(sent.body.status).toBe('awaiting-approval');
    expect(sent.body.approvals).toMatchObject({
      required: 1,
      submitted: [],
      pending: [{ signer: { type: 'external-wallet' }, message: expect.any(String) }],
    });
    const pending = pendingOf(sent.body);
    expect(pending.signer).toEqual({
      locator: `external-wallet:${admin.address}`,
      address: admin.address,
      type: 'external-wallet',
    });
    expect(pending.message).toMatch(/^0x[0-9a-f]{64}$/);

    const forged = await approve(sent.body.id, [
      { signer: pending.signer.locator, signature: await sign(stranger, pending.message) },
    ]);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'invalid_signature' });
    const notAwaited = await approve(sent.body.id, [
      { signer: `external-wallet:${stranger.address}`, signature: await sign(stranger, pending.message) },
    ]);
    expect(notAwaited.status).toBe(400);
    expect(notAwaited.body).toMatchObject({ code: 'signer_not_pending' });
    expect((await call('GET', `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`)).body.status).toBe(
      'awaiting-approval',
    );

    const signature = await sign(admin, pending.message);
    // The signer locator may be written in lowercase: it is normalized like the wallet's signers.
    const approved = await approve(sent.body.id, [
      { signer: `external-wallet:${admin.address.toLowerCase()}`, signature },
    ]);
    expect(approved.status).toBe(201);
    expect(approved.body.status).toBe('pending');
    expect(approved.body.approvals).toMatchObject({
      required: 1,
      pending: [],
      submitted: [
        { signature, message: pending.message, signer: { address: admin.address }, submittedAt: expect.any(Number) },
      ],
    });
    expect((await settled(sent.body.id)).body.status).toBe('success');

    const again = await approve(sent.body.id, [{ signer: pending.signer.locator, signature }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'approval_already_submitted' });
    const complete = await approve(sent.body.id, [
      { signer: `external-wallet:${delegate.address}`, signature: await sign(delegate, pending.message) },
    ]);
    expect(complete.status).toBe(422);
    expect(complete.body).toMatchObject({ code: 'approvals_complete' });
  });

  it('lets a delegated signer approve within its scope and spending limit', async () => {
    const first = await send({ recipient: payee, amount: '3', signer: `external-wallet:${delegate.address}` });
    expect(first.status).toBe(201);
    const pending = pendingOf(first.body);
    expect(pending.signer.locator).toBe(`external-wallet:${delegate.address}`);
    const approved = await approve(first.body.id, [
      { signer: pending.signer.locator, signature: await sign(delegate, pending.message) },
    ]);
    expect(approved.status).toBe(201);
    expect((await settled(first.body.id)).body.status).toBe('success');

    const overLimit = await send({ recipient: payee, amount: '2.5', signer: `external-wallet:${delegate.address}` });
    expect(overLimit.status).toBe(403);
    expect(overLimit.body).toMatchObject({
      code: 'spending_limit_exceeded',
      parameters: { remaining: '2', limit: '5' },
    });
    expect((await send({ recipient: payee, amount: '2', signer: `external-wallet:${delegate.address}` })).status).toBe(
      201,
    );

    const outOfScope = await send(
      { recipient: payee, amount: '0.001', signer: `external-wallet:${delegate.address}` },
      'base-sepolia:eth',
    );
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body).toMatchObject({ code: 'transfer_not_in_scope' });
    const unknown = await send({ recipient: payee, amount: '1', signer: `external-wallet:${stranger.address}` });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toMatchObject({ code: 'signer_not_authorized' });
  });

  it('refuses a delegated signer once it has expired', async () => {
    const shortLived = privateKeyToAccount(generatePrivateKey());
    const created = await call('POST', WALLETS, {
      chainType: 'evm',
      alias: 'short-lived',
      config: {
        adminSigner: { type: 'external-wallet', address: admin.address },
        creationSeed: '1',
        delegatedSigners: [
          { signer: `external-wallet:${shortLived.address}`, expiresAt: new Date(Date.now() + 1_000).toISOString() },
        ],
      },
    });
    const path = `${WALLETS}/evm:alias:short-lived/tokens/base-sepolia:usdc/transfers`;
    const before = await call('POST', path, {
      recipient: payee,
      amount: '1',
      signer: `external-wallet:${shortLived.address}`,
    });
    expect(before.status).toBe(201);
    await sleep(1_100);
    const after = await call('POST', path, {
      recipient: payee,
      amount: '1',
      signer: `external-wallet:${shortLived.address}`,
    });
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ code: 'delegated_signer_expired' });
    const pending = pendingOf(before.body);
    const late = await call('POST', `${WALLETS}/${created.body.address}/transactions/${before.body.id}/approvals`, {
      approvals: [{ signer: pending.signer.locator, signature: await sign(shortLived, pending.message) }],
    });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'delegated_signer_expired' });
  });

  it('needs no approval when the service holds the admin key (api-key signer)', async () => {
    const custodial = (
      await call('POST', WALLETS, { chainType: 'evm', alias: 'ops', config: { adminSigner: { type: 'api-key' } } })
    ).body;
    await call('POST', `/v1-alpha2/wallets/${custodial.address}/balances`, {
      amount: 2,
      token: 'usdc',
      chain: 'base-sepolia',
    });
    const sent = await call('POST', `${WALLETS}/${custodial.address}/tokens/base-sepolia:usdc/transfers`, {
      recipient: payee,
      amount: '1',
    });
    expect(sent.body).toMatchObject({ status: 'pending', approvals: { required: 0 } });
  });

  it('verifies Ed25519 approvals on a Solana smart wallet', async () => {
    const key = ed25519TestKey();
    const solana = (
      await call('POST', WALLETS, {
        chainType: 'solana',
        config: { adminSigner: { type: 'external-wallet', address: key.solanaAddress } },
      })
    ).body;
    await call('POST', `/v1-alpha2/wallets/${solana.address}/balances`, { amount: 2, token: 'usdc' });
    const sent = await call('POST', `${WALLETS}/${solana.address}/tokens/solana:usdc/transfers`, {
      recipient: ed25519TestKey().solanaAddress,
      amount: '1',
    });
    expect(sent.body.status).toBe('awaiting-approval');
    const pending = pendingOf(sent.body);
    // The approver signs the message of the transfer's Solana transaction (ADR 0442), base58.
    const message = decodeBase58(pending.message) as Uint8Array;
    expect(message[0]).toBe(0x80);
    const forged = await call('POST', `${WALLETS}/${solana.address}/transactions/${sent.body.id}/approvals`, {
      approvals: [{ signer: pending.signer.locator, signature: key.sign(message.subarray(1)) }],
    });
    expect(forged.body).toMatchObject({ code: 'invalid_signature' });
    const approved = await call('POST', `${WALLETS}/${solana.address}/transactions/${sent.body.id}/approvals`, {
      approvals: [{ signer: pending.signer.locator, signature: key.sign(message) }],
    });
    expect(approved.status).toBe(201);
    const final = await pollUntil(
      () => call('GET', `${WALLETS}/${solana.address}/transactions/${sent.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(final.body.status).toBe('success');
  });

  describe('what is approved is what executes', () => {
    const gateway = () => api.server.app.get<ChainGateway>(CHAIN_GATEWAY);
    const executedTransfer = async (chain: string, txId: string) => {
      const found = await gateway().findIncomingTransfer(chain, txId);
      if (found._tag === 'Left') throw new Error(found.left.message);
      return found.right;
    };
    const fundedWallet = async (body: object, chain?: string) => {
      const created = (await call('POST', WALLETS, body)).body;
      await call('POST', `/v1-alpha2/wallets/${created.address}/balances`, {
        amount: 5,
        token: 'usdc',
        ...(chain && { chain }),
      });
      return created as { address: string };
    };

    it('EVM smart: the approval covers the memo the call data carries; a signature of the memo-less message is refused', async () => {
      const memo = { type: 'text', value: 'offramp-order-7f3a' };
      const sent = await send({ recipient: payee, amount: '1', memo });
      expect(sent.status).toBe(201);
      const { message, signer } = pendingOf(sent.body);
      const token = sent.body.params.call.address as string;
      const withMemo = erc20CallWithMemo(payee, 1_000_000n, memo);
      // What the API shows will execute, before anyone approves, is the call with its memo.
      expect(sent.body.onChain.call).toEqual({ to: token, data: withMemo });

      // The message before ADR 0455 left the memo out: signing it must approve nothing.
      const memoLess = evmApprovalOf('paykit:transfer-approval:v1', 'base-sepolia', sent.body.id, wallet.address, {
        to: token,
        value: 0n,
        data: erc20CallWithMemo(payee, 1_000_000n),
      });
      expect(message).not.toBe(memoLess);
      const refused = await approve(sent.body.id, [{ signer: signer.locator, signature: await sign(admin, memoLess) }]);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_signature' });

      expect(
        (await approve(sent.body.id, [{ signer: signer.locator, signature: await sign(admin, message) }])).status,
      ).toBe(201);
      const final = await settled(sent.body.id);
      expect(final.body.status).toBe('success');
      // Recomputed from what went on chain alone, the message is the one the signer was asked to sign.
      const executed = final.body.onChain.call as { to: string; data: Hex };
      expect(executed).toEqual({ to: token, data: withMemo });
      expect(await executedTransfer('base-sepolia', final.body.onChain.txId)).toMatchObject({
        to: payee,
        baseUnits: '1000000',
        memo,
      });
      const recomputed = evmApprovalOf('paykit:transfer-approval:v2', 'base-sepolia', sent.body.id, wallet.address, {
        ...executed,
        value: 0n,
      });
      expect(message).toBe(recomputed);
      // Only the memo changed: another message.
      const otherMemo = erc20CallWithMemo(payee, 1_000_000n, { type: 'text', value: 'offramp-order-0000' });
      expect(
        evmApprovalOf('paykit:transfer-approval:v2', 'base-sepolia', sent.body.id, wallet.address, {
          to: token,
          value: 0n,
          data: otherMemo,
        }),
      ).not.toBe(message);
    });

    it('EVM MPC: the call the service signs is the call the transfer showed before it ran, memo included', async () => {
      const mpc = await fundedWallet(
        { chainType: 'evm', type: 'mpc', owner: 'email:memo-mpc@example.com' },
        'base-sepolia',
      );
      const memo = { type: 'id', value: '77' };
      const sent = await call('POST', `${WALLETS}/${mpc.address}/tokens/base-sepolia:usdc/transfers`, {
        recipient: payee,
        amount: '1',
        memo,
      });
      expect(sent.body).toMatchObject({ status: 'pending', approvals: { required: 0 } });
      const planned = sent.body.onChain.call;
      expect(planned).toEqual({ to: sent.body.params.call.address, data: erc20CallWithMemo(payee, 1_000_000n, memo) });
      const final = await pollUntil(
        () => call('GET', `${WALLETS}/${mpc.address}/transactions/${sent.body.id}`),
        (response) => ['success', 'failed'].includes(response.body.status),
      );
      expect(final.body.status).toBe('success');
      expect(final.body.onChain.call).toEqual(planned);
    });

    it('Stellar: the message is the sha256 of the fields the chain executed, memo included', async () => {
      const key = ed25519TestKey();
      const stellar = await fundedWallet({
        chainType: 'stellar',
        config: { adminSigner: { type: 'external-wallet', address: key.stellarAddress } },
      });
      const recipient = ed25519TestKey().stellarAddress;
      const memo = { type: 'text', value: 'inv-42' };
      const sent = await call('POST', `${WALLETS}/${stellar.address}/tokens/stellar:usdc/transfers`, {
        recipient,
        amount: '1',
        memo,
      });
      expect(sent.status).toBe(201);
      const { message, signer } = pendingOf(sent.body);
      const approved = await call('POST', `${WALLETS}/${stellar.address}/transactions/${sent.body.id}/approvals`, {
        approvals: [{ signer: signer.locator, signature: key.sign(Buffer.from(message, 'base64')) }],
      });
      expect(approved.status).toBe(201);
      const final = await pollUntil(
        () => call('GET', `${WALLETS}/${stellar.address}/transactions/${sent.body.id}`),
        (response) => ['success', 'failed'].includes(response.body.status),
      );
      expect(final.body.status).toBe('success');
      const chain = final.body.params.chain as string;
      const executed = await executedTransfer(chain, final.body.onChain.txId);
      const lines = [
        'paykit:transfer-approval:v2',
        `chain:${chain}`,
        `nonce:${sent.body.id}`,
        `from:${executed.from}`,
        `token:${executed.token.native ? 'native' : executed.token.address}`,
        `to:${executed.to}`,
        `amount:${executed.baseUnits}`,
        `memo:${executed.memo?.type}:${executed.memo?.value}`,
      ];
      expect(executed).toMatchObject({ from: stellar.address, to: recipient, memo });
      expect(message).toBe(createHash('sha256').update(lines.join('\n')).digest('base64'));
    });
  });

  describe('passkey signers approve with WebAuthn assertions only', () => {
    it('refuses a bare high-s P-256 signature of the message, and accepts the assertion the public SDK sends', async () => {
      const passkey = testPasskey(RELYING_PARTY);
      const owned = await (async () => {
        const created = await call('POST', WALLETS, {
          chainType: 'evm',
          alias: 'passkey-admin',
          config: {
            adminSigner: { type: 'passkey', id: 'cred-approvals', name: 'Laptop', publicKey: passkey.publicKey },
          },
        });
        expect(created.status).toBe(201);
        await call('POST', `/v1-alpha2/wallets/${created.body.address}/balances`, {
          amount: 3,
          token: 'usdc',
          chain: 'base-sepolia',
        });
        return created.body as { address: string };
      })();
      const sent = await call('POST', `${WALLETS}/${owned.address}/tokens/base-sepolia:usdc/transfers`, {
        recipient: payee,
        amount: '1',
      });
      const { message, signer } = pendingOf(sent.body);
      expect(signer.locator).toBe('passkey:cred-approvals');
      const approvalsPath = `${WALLETS}/${owned.address}/transactions/${sent.body.id}/approvals`;
      const challenge = hexToBytes(message as Hex);

      const bare = passkey.signBare(challenge, 'high');
      const compact = `0x${bare.r.toString(16).padStart(64, '0')}${bare.s.toString(16).padStart(64, '0')}`;
      const refused = await call('POST', approvalsPath, {
        approvals: [{ signer: signer.locator, signature: compact }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'webauthn_assertion_required' });

      const elsewhere = passkey.assert(challenge, { origin: 'https://evil.example' });
      const foreign = await call('POST', approvalsPath, { approvals: [{ signer: signer.locator, ...elsewhere }] });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject({ code: 'webauthn_origin_not_allowed' });
      expect((await call('GET', `${WALLETS}/${owned.address}/transactions/${sent.body.id}`)).body.status).toBe(
        'awaiting-approval',
      );

      const asserted = passkey.assert(challenge);
      const approved = await call('POST', approvalsPath, { approvals: [{ signer: signer.locator, ...asserted }] });
      expect(approved.status).toBe(201);
      const final = await pollUntil(
        () => call('GET', `${WALLETS}/${owned.address}/transactions/${sent.body.id}`),
        (response) => ['success', 'failed'].includes(response.body.status),
      );
      expect(final.body.status).toBe('success');
    });
  });
});
