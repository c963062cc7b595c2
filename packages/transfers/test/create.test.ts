import { transferStatus, type TransferEvent } from '../src/index.js';
import {
  ADMIN,
  CREATED_AT,
  EXPIRES_AT,
  RECIPIENT_ADDRESS,
  SECOND,
  TRANSFER_ID,
  USDXM_ADDRESS,
  WALLET_ADDRESS,
  adminQuorum,
  createEvm,
  created,
  spec,
  transferOf,
} from './fixtures.js';

describe('CreateTransfer', () => {
  it('records the transfer, awaiting the approvals its quorums require', () => {
    const [event, ...rest] = created();
    expect(rest).toEqual([]);
    expect(event).toEqual({
      type: 'TransferCreated',
      data: {
        transferId: TRANSFER_ID,
        wallet: { walletId: 'wallet-1', locator: 'evm:smart:alias:treasury', address: WALLET_ADDRESS },
        chainType: 'evm',
        walletType: 'smart',
        chain: 'base-sepolia',
        token: { locator: 'base-sepolia:usdc', native: false, address: USDXM_ADDRESS, decimals: 6, symbol: 'usdxm' },
        recipient: { locator: 'email:bob@example.com:evm', address: RECIPIENT_ADDRESS, walletId: 'wallet-2' },
        amount: { decimal: '12.5', baseUnits: '12500000' },
        approvals: {
          quorums: [{ locator: 'quorum:admin', threshold: 1, signers: [ADMIN] }],
          message: expect.stringMatching(/^0x[0-9a-f]{64}$/),
          expiresAt: EXPIRES_AT,
          version: 2,
        },
        feeEstimate: { token: 'base-sepolia:eth', amount: '0.000021' },
        createdAt: CREATED_AT,
      },
    });
    expect(transferStatus(transferOf(created()))).toBe('awaiting-approval');
  });

  it('is approved at once when no approval is required (the service signs for an api-key admin)', () => {
    const events = created(createEvm({ requiredApprovals: [] }));
    expect(events.map((event) => event.type)).toEqual(['TransferCreated', 'TransferApproved']);
    expect(events[1]).toEqual({ type: 'TransferApproved', data: { transferId: TRANSFER_ID, approvedAt: CREATED_AT } });
    expect(transferStatus(transferOf(events))).toBe('pending');
  });

  it('keeps the memo and the signer the client named', () => {
    const solana = createEvm({
      chainType: 'solana',
      chain: 'solana',
      wallet: {
        walletId: 'wallet-1',
        locator: 'solana:smart:alias:t',
        address: 'So1anaWa11et1111111111111111111111111111111',
      },
      token: { locator: 'solana:sol', native: true, decimals: 9, symbol: 'sol' },
      recipient: {
        locator: 'Recipient11111111111111111111111111111111',
        address: 'Recipient11111111111111111111111111111111',
      },
      amount: '0.25',
      memo: { type: 'text', value: 'invoice 42' },
      signer: 'external-wallet:So1anaAdmin',
    });
    const [event] = created(solana);
    expect(event).toMatchObject({
      data: {
        memo: { type: 'text', value: 'invoice 42' },
        signer: 'external-wallet:So1anaAdmin',
        amount: { decimal: '0.25', baseUnits: '250000000' },
      },
    });
  });

  it('spells EVM addresses with their EIP-55 checksum and keeps only the fields a transfer needs', () => {
    const command = createEvm();
    const [event] = created({
      ...command,
      data: {
        ...command.data,
        wallet: {
          ...command.data.wallet,
          address: WALLET_ADDRESS.toLowerCase(),
          extra: 'dropped',
        } as typeof command.data.wallet,
        recipient: { locator: RECIPIENT_ADDRESS.toLowerCase(), address: RECIPIENT_ADDRESS.toLowerCase() },
        token: {
          ...command.data.token,
          address: USDXM_ADDRESS.toLowerCase(),
          name: 'USDXM',
        } as typeof command.data.token,
      },
    }) as [Extract<TransferEvent, { type: 'TransferCreated' }>];
    expect(event.data.wallet).toEqual({
      walletId: 'wallet-1',
      locator: 'evm:smart:alias:treasury',
      address: WALLET_ADDRESS,
    });
    expect(event.data.recipient).toEqual({ locator: RECIPIENT_ADDRESS.toLowerCase(), address: RECIPIENT_ADDRESS });
    expect(event.data.token).toEqual({
      locator: 'base-sepolia:usdc',
      native: false,
      address: USDXM_ADDRESS,
      decimals: 6,
      symbol: 'usdxm',
    });
  });

  it('names an unnamed quorum after its threshold and members, the same way every time', () => {
    const unnamed = createEvm({ requiredApprovals: [{ threshold: 1, signers: [SECOND, ADMIN] }] });
    const reordered = createEvm({ requiredApprovals: [{ threshold: 1, signers: [ADMIN, SECOND] }] });
    const locatorOf = (events: TransferEvent[]) => transferOf(events).quorums[0]?.locator;
    expect(locatorOf(created(unnamed))).toMatch(/^quorum:1-of-2:[0-9a-f]{16}$/);
    expect(locatorOf(created(unnamed))).toBe(locatorOf(created(reordered)));
  });

  it('lets the handler choose how long approvals stay open', () => {
    expect(transferOf(created(createEvm({ approvalWindowSeconds: 600 }))).approvalsExpireAt).toBe(
      '2026-01-01T00:10:00.000Z',
    );
  });

  it('refuses a transfer that already exists', () => {
    spec.given(created()).when(createEvm()).thenFails({ kind: 'conflict', code: 'transfer_already_exists' });
  });

  it.each<[string, Parameters<typeof createEvm>[0], string]>([
    ['an unknown chain type', { chainType: 'bitcoin' as 'evm' }, 'invalid_transfer_chain'],
    ['an unknown wallet type', { walletType: 'custodial' as 'mpc' }, 'invalid_transfer_chain'],
    [
      'a wallet address that is not an EVM address',
      { wallet: { walletId: 'w', locator: 'l', address: '0x12' } },
      'invalid_transfer_chain',
    ],
    [
      'a recipient address that is not an EVM address',
      { recipient: { locator: 'x', address: 'bob.eth' } },
      'invalid_recipient',
    ],
    [
      'a token contract that is not an EVM address',
      { token: { locator: 't', native: false, address: 'usdc', decimals: 6, symbol: 'u' } },
      'invalid_token',
    ],
    [
      'a non-native token without a contract',
      { token: { locator: 't', native: false, decimals: 6, symbol: 'u' } },
      'invalid_token',
    ],
    [
      'fractional token decimals',
      { token: { locator: 't', native: true, decimals: 1.5, symbol: 'u' } },
      'invalid_token',
    ],
    ['too many token decimals', { token: { locator: 't', native: true, decimals: 78, symbol: 'u' } }, 'invalid_token'],
    ['a zero amount', { amount: '0' }, 'invalid_amount'],
    ['a negative amount', { amount: '-1' }, 'invalid_amount'],
    ['an amount finer than the token', { amount: '0.0000001' }, 'amount_precision_exceeded'],
    [
      'a memo too long for an EVM call-data trailer',
      { memo: { type: 'text', value: 'm'.repeat(300) } },
      'invalid_memo',
    ],
    ['a quorum without signers', { requiredApprovals: [{ threshold: 1, signers: [] }] }, 'invalid_approval_quorum'],
    [
      'a quorum listing a signer twice',
      { requiredApprovals: [{ threshold: 1, signers: [ADMIN, ADMIN] }] },
      'invalid_approval_quorum',
    ],
    ['a threshold of zero', { requiredApprovals: [{ threshold: 0, signers: [ADMIN] }] }, 'invalid_approval_quorum'],
    [
      'a threshold above the quorum size',
      { requiredApprovals: [{ threshold: 2, signers: [ADMIN] }] },
      'invalid_approval_quorum',
    ],
    [
      'two quorums with one locator',
      { requiredApprovals: [adminQuorum, { ...adminQuorum, signers: [SECOND] }] },
      'invalid_approval_quorum',
    ],
    ['a non-positive approval window', { approvalWindowSeconds: 0 }, 'invalid_approval_quorum'],
    ['a createdAt that is not ISO 8601', { createdAt: 'yesterday' }, 'invalid_timestamp'],
  ])('refuses %s', (_case, overrides, code) => {
    spec.given([]).when(createEvm(overrides)).thenFails({ kind: 'invalid', code });
  });
});
