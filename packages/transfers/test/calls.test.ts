import { contractCallOf, plannedOnChainCallOf, toTransferResource, type TransferCallInput } from '../src/index.js';
import { RECIPIENT_ADDRESS, WALLET_ADDRESS, createEvm, created, transferOf } from './fixtures.js';

const input = (overrides: Partial<TransferCallInput>): TransferCallInput => ({
  chainType: 'evm',
  from: WALLET_ADDRESS,
  token: { locator: 'base-sepolia:eth', native: true, decimals: 18, symbol: 'eth' },
  recipientAddress: RECIPIENT_ADDRESS,
  baseUnits: '1500000000000000000',
  ...overrides,
});

describe('the call a transfer executes', () => {
  it('sends a native EVM amount as value to the recipient, with no function and empty data', () => {
    expect(contractCallOf(input({}))).toStrictEqual({
      abi: [],
      address: RECIPIENT_ADDRESS,
      args: [],
      functionName: '',
      value: '1500000000000000000',
    });
    expect(plannedOnChainCallOf(input({}))).toStrictEqual({ to: RECIPIENT_ADDRESS, data: '0x' });
  });

  it('reads 1.5 of an 18-decimal native token into wei in the resource', () => {
    const native = createEvm({
      token: { locator: 'base-sepolia:eth', native: true, decimals: 18, symbol: 'eth' },
      amount: '1.5',
    });
    const resource = toTransferResource(transferOf(created(native)));
    expect(resource.params.call.value).toBe('1500000000000000000');
    expect(resource.sendParams.params.amount).toBe('1.5');
  });

  it.each<[string, Partial<TransferCallInput>, object]>([
    [
      'SOL through the System Program',
      {
        chainType: 'solana',
        token: { locator: 'solana:sol', native: true, decimals: 9, symbol: 'sol' },
        recipientAddress: 'Bob111',
        baseUnits: '250000000',
      },
      { abi: [], address: '11111111111111111111111111111111', args: ['Bob111', '250000000'], functionName: 'transfer' },
    ],
    [
      'an SPL token with transferChecked on its mint',
      {
        chainType: 'solana',
        token: { locator: 'solana:usdxm', native: false, address: 'Mint111', decimals: 6, symbol: 'usdxm' },
        recipientAddress: 'Bob111',
        baseUnits: '1000000',
      },
      { abi: [], address: 'Mint111', args: ['Bob111', '1000000', '6'], functionName: 'transferChecked' },
    ],
    [
      'a Stellar asset through its SEP-41 contract',
      {
        chainType: 'stellar',
        from: 'CWALLET',
        token: { locator: 'stellar:usdxm', native: false, address: 'CTOKEN', decimals: 7, symbol: 'usdxm' },
        recipientAddress: 'GBOB',
        baseUnits: '10000000',
      },
      { abi: [], address: 'CTOKEN', args: ['CWALLET', 'GBOB', '10000000'], functionName: 'transfer' },
    ],
    [
      'APT through aptos_account',
      {
        chainType: 'aptos',
        token: { locator: 'aptos:apt', native: true, decimals: 8, symbol: 'apt' },
        recipientAddress: '0xbob',
        baseUnits: '100000000',
      },
      { abi: [], address: '0x1', args: ['0xbob', '100000000'], functionName: 'aptos_account::transfer' },
    ],
    [
      'an Aptos fungible asset through the primary store',
      {
        chainType: 'aptos',
        token: { locator: 'aptos:usdxm', native: false, address: '0xmeta', decimals: 6, symbol: 'usdxm' },
        recipientAddress: '0xbob',
        baseUnits: '5',
      },
      { abi: [], address: '0x1', args: ['0xmeta', '0xbob', '5'], functionName: 'primary_fungible_store::transfer' },
    ],
    [
      'SUI by splitting a coin',
      {
        chainType: 'sui',
        token: { locator: 'sui:sui', native: true, decimals: 9, symbol: 'sui' },
        recipientAddress: '0xbob',
        baseUnits: '7',
      },
      { abi: [], address: '0x2', args: ['0x2::sui::SUI', '7', '0xbob'], functionName: 'pay::split_and_transfer' },
    ],
    [
      'a Sui coin by its coin type',
      {
        chainType: 'sui',
        token: { locator: 'sui:usdxm', native: false, address: '0xabc::usdxm::USDXM', decimals: 6, symbol: 'usdxm' },
        recipientAddress: '0xbob',
        baseUnits: '7',
      },
      { abi: [], address: '0x2', args: ['0xabc::usdxm::USDXM', '7', '0xbob'], functionName: 'pay::split_and_transfer' },
    ],
  ])('moves %s', (_case, overrides, expected) => {
    expect(contractCallOf(input(overrides))).toStrictEqual(expected);
    expect(plannedOnChainCallOf(input(overrides))).toBeUndefined();
  });

  it('echoes a Solana memo in sendParams and has no on-chain call before broadcast', () => {
    const solana = createEvm({
      chainType: 'solana',
      walletType: 'mpc',
      chain: 'solana',
      wallet: { walletId: 'wallet-1', locator: 'solana:mpc:alias:t', address: 'Wallet111' },
      token: { locator: 'solana:usdc', native: false, address: 'Mint111', decimals: 6, symbol: 'usdxm' },
      recipient: { locator: 'Bob111', address: 'Bob111' },
      amount: '2',
      memo: { type: 'text', value: 'order 9' },
    });
    const resource = toTransferResource(transferOf(created(solana)));
    expect(resource.sendParams).toStrictEqual({
      token: 'solana:usdc',
      params: {
        recipient: 'Bob111',
        recipientAddress: 'Bob111',
        amount: '2',
        memo: { type: 'text', value: 'order 9' },
      },
    });
    expect(resource.onChain).toStrictEqual({});
    expect(resource.approvals.pending[0]).toMatchObject({ message: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});

describe('a transaction the handler prepared for its signers (Solana)', () => {
  const solana = createEvm({
    chainType: 'solana',
    walletType: 'smart',
    chain: 'solana',
    wallet: { walletId: 'wallet-1', locator: 'Wallet111', address: 'Wallet111' },
    token: { locator: 'solana:sol', native: true, decimals: 9, symbol: 'sol' },
    recipient: { locator: 'Bob111', address: 'Bob111' },
    amount: '1',
    onChainTransaction: { transaction: 'SerializedTx111', message: 'Message111' },
  });

  it('is what the approvers sign, and is shown as onChain.transaction', () => {
    const transfer = transferOf(created(solana));
    expect(transfer.approvalMessage).toBe('Message111');
    const resource = toTransferResource(transfer);
    expect(resource.onChain).toStrictEqual({ transaction: 'SerializedTx111' });
    expect(resource.approvals.pending).toEqual([expect.objectContaining({ message: 'Message111' })]);
  });
});
