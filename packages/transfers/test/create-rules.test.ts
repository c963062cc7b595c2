import type { DomainError } from '@paykit/kernel';
import type { CreateTransfer, QuorumSigner, TransferEvent } from '../src/index.js';
import {
  ADMIN,
  CREATED_AT,
  EXPIRES_AT,
  RECIPIENT_ADDRESS,
  SECOND,
  THIRD,
  TRANSFER_ID,
  USDXM_ADDRESS,
  WALLET_ADDRESS,
  adminQuorum,
  createEvm,
  createStellar,
  created,
  refusal,
  signer,
  spec,
  transferOf,
} from './fixtures.js';

type CreateData = CreateTransfer['data'];
type Created = Extract<TransferEvent, { type: 'TransferCreated' }>;

const createdData = (overrides: Partial<CreateData>): Created['data'] =>
  (created(createEvm(overrides))[0] as Created).data;
const token = (overrides: Partial<CreateData['token']>): CreateData['token'] => ({
  locator: 't',
  native: true,
  decimals: 6,
  symbol: 'u',
  ...overrides,
});
/** An EIP-55 address with the case of its first letter flipped: valid hex, wrong checksum. */
const badChecksum = (address: string): string =>
  address.replace(/[a-fA-F]/, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));

describe('CreateTransfer refuses a request it can never accept, saying why', () => {
  it.each<[string, Partial<CreateData>, Partial<DomainError>]>([
    [
      'an unknown chain type',
      { chainType: 'bitcoin' as 'evm' },
      refusal(
        'invalid',
        'invalid_transfer_chain',
        'chainType "bitcoin" is not one of evm, solana, aptos, sui, stellar',
      ),
    ],
    [
      'an unknown wallet type',
      { walletType: 'custodial' as 'mpc' },
      refusal('invalid', 'invalid_transfer_chain', 'walletType "custodial" is not smart or mpc'),
    ],
    [
      'negative token decimals',
      { token: token({ decimals: -1 }) },
      refusal('invalid', 'invalid_token', 'token decimals must be an integer from 0 to 77'),
    ],
    [
      'fractional token decimals',
      { token: token({ decimals: 1.5 }) },
      refusal('invalid', 'invalid_token', 'token decimals must be an integer from 0 to 77'),
    ],
    [
      'more token decimals than a uint256 can hold one unit of',
      { token: token({ decimals: 78 }) },
      refusal('invalid', 'invalid_token', 'token decimals must be an integer from 0 to 77'),
    ],
    [
      'a non-native token without a contract',
      { token: token({ native: false }) },
      refusal('invalid', 'invalid_token', 'token t has no contract address'),
    ],
    [
      'a wallet address that is not an EVM address',
      { wallet: { walletId: 'w', locator: 'l', address: '0x12' } },
      refusal('invalid', 'invalid_transfer_chain', 'wallet address "0x12" is not an EVM address'),
    ],
    [
      'a recipient address that is not an EVM address',
      { recipient: { locator: 'x', address: 'bob.eth' } },
      refusal('invalid', 'invalid_recipient', 'recipient address "bob.eth" is not an EVM address'),
    ],
    [
      'a token contract that is not an EVM address',
      { token: token({ native: false, address: 'usdc' }) },
      refusal('invalid', 'invalid_token', 'token address "usdc" is not an EVM address'),
    ],
    [
      'a quorum without signers',
      { requiredApprovals: [{ threshold: 1, signers: [] }] },
      refusal('invalid', 'invalid_approval_quorum', 'a quorum needs at least one signer'),
    ],
    [
      'a quorum listing a signer twice',
      { requiredApprovals: [{ threshold: 1, signers: [ADMIN, ADMIN] }] },
      refusal('invalid', 'invalid_approval_quorum', 'a quorum lists each signer once'),
    ],
    [
      'a threshold of zero',
      { requiredApprovals: [{ threshold: 0, signers: [ADMIN, SECOND] }] },
      refusal('invalid', 'invalid_approval_quorum', 'threshold must be an integer from 1 to 2'),
    ],
    [
      'a threshold above the quorum size',
      { requiredApprovals: [{ threshold: 3, signers: [ADMIN, SECOND] }] },
      refusal('invalid', 'invalid_approval_quorum', 'threshold must be an integer from 1 to 2'),
    ],
    [
      'a fractional threshold',
      { requiredApprovals: [{ threshold: 1.5, signers: [ADMIN, SECOND] }] },
      refusal('invalid', 'invalid_approval_quorum', 'threshold must be an integer from 1 to 2'),
    ],
    [
      'two quorums with one locator',
      { requiredApprovals: [adminQuorum, { ...adminQuorum, signers: [SECOND] }] },
      refusal('invalid', 'invalid_approval_quorum', 'each quorum needs its own locator'),
    ],
    [
      'a non-positive approval window',
      { approvalWindowSeconds: 0 },
      refusal('invalid', 'invalid_approval_quorum', 'approvalWindowSeconds must be a positive integer'),
    ],
  ])('%s', (_case, overrides, expected) => {
    spec.given([]).when(createEvm(overrides)).thenFails(expected);
  });
});

describe('CreateTransfer accepts the edges of each rule', () => {
  it('accepts tokens of 0 and of 77 decimals, the bounds of what a uint256 holds', () => {
    expect(createdData({ token: token({ decimals: 0 }), amount: '7' }).amount).toEqual({
      decimal: '7',
      baseUnits: '7',
    });
    expect(createdData({ token: token({ decimals: 77 }), amount: '1' }).amount).toEqual({
      decimal: '1',
      baseUnits: (10n ** 77n).toString(),
    });
  });

  it('accepts EVM addresses in any case, checksummed or not, and spells them with their EIP-55 checksum', () => {
    const mixed = badChecksum(WALLET_ADDRESS);
    expect(mixed).not.toBe(WALLET_ADDRESS);
    expect(mixed.toLowerCase()).toBe(WALLET_ADDRESS.toLowerCase());
    const data = createdData({
      wallet: { walletId: 'wallet-1', locator: 'evm:smart:alias:treasury', address: mixed },
      recipient: { locator: 'bob', address: badChecksum(RECIPIENT_ADDRESS) },
      token: token({ native: false, address: badChecksum(USDXM_ADDRESS) }),
    });
    expect([data.wallet.address, data.recipient.address, data.token.address]).toEqual([
      WALLET_ADDRESS,
      RECIPIENT_ADDRESS,
      USDXM_ADDRESS,
    ]);
  });

  it('accepts a threshold equal to the quorum size', () => {
    const quorum = { locator: 'quorum:all', threshold: 3, signers: [ADMIN, SECOND, THIRD] };
    expect(transferOf(created(createEvm({ requiredApprovals: [quorum] }))).quorums).toEqual([quorum]);
  });
});

describe('CreateTransfer records only the optional fields the request has', () => {
  it('has no memo, signer or recipient wallet key at all when the request names none', () => {
    const [event, ...rest] = created(
      createEvm({ recipient: { locator: RECIPIENT_ADDRESS, address: RECIPIENT_ADDRESS }, feeEstimate: undefined }),
    );
    expect(rest).toEqual([]);
    expect(event).toStrictEqual({
      type: 'TransferCreated',
      data: {
        transferId: TRANSFER_ID,
        wallet: { walletId: 'wallet-1', locator: 'evm:smart:alias:treasury', address: WALLET_ADDRESS },
        chainType: 'evm',
        walletType: 'smart',
        chain: 'base-sepolia',
        token: { locator: 'base-sepolia:usdc', native: false, address: USDXM_ADDRESS, decimals: 6, symbol: 'usdxm' },
        recipient: { locator: RECIPIENT_ADDRESS, address: RECIPIENT_ADDRESS },
        amount: { decimal: '12.5', baseUnits: '12500000' },
        approvals: {
          quorums: [{ locator: 'quorum:admin', threshold: 1, signers: [ADMIN] }],
          message: expect.stringMatching(/^0x[0-9a-f]{64}$/),
          expiresAt: EXPIRES_AT,
          version: 2,
        },
        createdAt: CREATED_AT,
      },
    });
  });
});

describe('what approvers sign on a chain with memos', () => {
  const messageOf = (command: CreateTransfer) => transferOf(created(command)).approvalMessage;

  it('covers the memo: another memo, or none, is another message', () => {
    const messages = [
      messageOf(createStellar()),
      messageOf(createStellar({ type: 'text', value: 'invoice 42' })),
      messageOf(createStellar({ type: 'text', value: 'invoice 43' })),
    ];
    expect(new Set(messages).size).toBe(3);
    expect(messageOf(createStellar({ type: 'text', value: 'invoice 42' }))).toBe(messages[1]);
  });

  it('covers the memo on EVM too, where it travels as a call-data trailer (ADR 0455)', () => {
    const evm = (memo?: CreateData['memo']) => createEvm(memo ? { memo } : {});
    const messages = [
      messageOf(evm()),
      messageOf(evm({ type: 'text', value: 'invoice 42' })),
      messageOf(evm({ type: 'text', value: 'invoice 43' })),
    ];
    expect(new Set(messages).size).toBe(3);
  });
});

describe('an unnamed quorum is named after its members', () => {
  const unnamed = (...locators: string[]) => ({
    threshold: 1,
    signers: locators.map((locator): QuorumSigner => ({ locator, type: 'api-key', address: locator })),
  });
  const locatorsOf = (quorums: ReturnType<typeof unnamed>[]) =>
    transferOf(created(createEvm({ requiredApprovals: quorums }))).quorums.map((quorum) => quorum.locator);

  it('so two quorums of the same size with other members are two quorums', () => {
    const [first, second] = locatorsOf([
      { threshold: 1, signers: [ADMIN, SECOND] },
      { threshold: 1, signers: [THIRD, signer('0x000000000000000000000000000000000000dEaD')] },
    ]);
    expect(first).toMatch(/^quorum:1-of-2:[0-9a-f]{16}$/);
    expect(second).toMatch(/^quorum:1-of-2:[0-9a-f]{16}$/);
    expect(first).not.toBe(second);
  });

  it('keeping the boundary between member locators, whatever they contain', () => {
    const [first, second] = locatorsOf([
      unnamed('api-key:1', 'api-key:1api-key:2'),
      unnamed('api-key:1api-key:1', 'api-key:2'),
    ]);
    expect(first).not.toBe(second);
  });
});
