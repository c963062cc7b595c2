import { createHash } from 'node:crypto';
import {
  concatHex,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  parseAbiParameters,
  recoverMessageAddress,
  stringToHex,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { approvalMessageBytes, approvalMessageOf, evmTransactionOf, type ApprovalMessageInput } from '../src/index.js';
import {
  ADMIN,
  KEYS,
  RECIPIENT_ADDRESS,
  TRANSFER_ID,
  USDXM_ADDRESS,
  WALLET_ADDRESS,
  createEvm,
  created,
  transferOf,
} from './fixtures.js';

const evm: ApprovalMessageInput = {
  transferId: TRANSFER_ID,
  chain: 'base-sepolia',
  chainType: 'evm',
  from: WALLET_ADDRESS,
  token: { locator: 'base-sepolia:usdc', native: false, address: USDXM_ADDRESS, decimals: 6, symbol: 'usdxm' },
  recipientAddress: RECIPIENT_ADDRESS,
  baseUnits: '12500000',
};

const stellar: ApprovalMessageInput = {
  transferId: TRANSFER_ID,
  chain: 'stellar',
  chainType: 'stellar',
  from: 'CWALLET',
  token: { locator: 'stellar:usdxm', native: false, address: 'CTOKEN', decimals: 7, symbol: 'usdxm' },
  recipientAddress: 'GRECIPIENT',
  baseUnits: '125000000',
  memo: { type: 'text', value: 'line one\nline two' },
};

/** keccak256 of the ABI encoding of (domain, chain, keccak256(transfer id), from, to, value, data), with viem alone. */
const evmMessageOf = (to: Hex, value: bigint, data: Hex): Hex =>
  keccak256(
    encodeAbiParameters(parseAbiParameters('string, string, bytes32, address, address, uint256, bytes'), [
      'paykit:transfer-approval:v2',
      'base-sepolia',
      keccak256(stringToHex(TRANSFER_ID)),
      WALLET_ADDRESS,
      to,
      value,
      data,
    ]),
  );

describe('approvalMessageOf', () => {
  it('is, on EVM, keccak256 of (domain, chain, keccak256(transfer id), from, to, value, data) of the executed call', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [RECIPIENT_ADDRESS, 12_500_000n],
    });
    expect(approvalMessageOf(evm)).toBe(evmMessageOf(USDXM_ADDRESS, 0n, data));
  });

  it('binds a native EVM transfer to its recipient and value', () => {
    const native = {
      ...evm,
      token: { locator: 'base-sepolia:eth', native: true, decimals: 18, symbol: 'eth' },
      baseUnits: '10',
    };
    expect(approvalMessageOf(native)).toBe(evmMessageOf(RECIPIENT_ADDRESS, 10n, '0x'));
  });

  it('covers the memo on EVM: the call data it hashes ends with the trailer the chain receives', () => {
    const memo = { type: 'text' as const, value: 'offramp order 7f3a' };
    const call = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [RECIPIENT_ADDRESS, 12_500_000n],
    });
    const data = concatHex([call, stringToHex('memo'), stringToHex('text:offramp order 7f3a')]);
    expect(evmTransactionOf({ ...evm, memo })).toEqual({ to: USDXM_ADDRESS, data, value: '0' });
    expect(approvalMessageOf({ ...evm, memo })).toBe(evmMessageOf(USDXM_ADDRESS, 0n, data));
    const native = { ...evm, token: { locator: 'base-sepolia:eth', native: true, decimals: 18, symbol: 'eth' } };
    const trailer = concatHex([stringToHex('memo'), stringToHex('id:77')]);
    expect(approvalMessageOf({ ...native, memo: { type: 'id', value: '77' } })).toBe(
      evmMessageOf(RECIPIENT_ADDRESS, 12_500_000n, trailer),
    );
  });

  it('is, elsewhere, the sha256 of one field per line with the memo last: base64 on Stellar, hex on the others', () => {
    const lines = [
      'paykit:transfer-approval:v2',
      'chain:stellar',
      `nonce:${TRANSFER_ID}`,
      'from:CWALLET',
      'token:CTOKEN',
      'to:GRECIPIENT',
      'amount:125000000',
      'memo:text:line one\nline two',
    ];
    expect(approvalMessageOf(stellar)).toBe(createHash('sha256').update(lines.join('\n')).digest('base64'));
    const nativeNoMemo = { ...stellar, token: { ...stellar.token, native: true }, memo: undefined };
    expect(approvalMessageOf(nativeNoMemo)).toBe(
      createHash('sha256')
        .update([...lines.slice(0, 4), 'token:native', ...lines.slice(5, 7), 'memo:'].join('\n'))
        .digest('base64'),
    );
    const sui = { ...stellar, chain: 'sui', chainType: 'sui' as const };
    expect(approvalMessageOf(sui)).toBe(
      createHash('sha256')
        .update([lines[0], 'chain:sui', ...lines.slice(2)].join('\n'))
        .digest('hex'),
    );
  });

  it.each<[string, Partial<ApprovalMessageInput>]>([
    ['transfer', { transferId: 'another-transfer' }],
    ['chain', { chain: 'polygon-amoy' }],
    ['sender', { from: RECIPIENT_ADDRESS }],
    ['recipient', { recipientAddress: WALLET_ADDRESS }],
    ['amount', { baseUnits: '12500001' }],
    ['token', { token: { ...evm.token, address: RECIPIENT_ADDRESS } }],
    ['memo', { memo: { type: 'id', value: '1' } }],
  ])('changes with the %s, so one signature approves one transfer only', (_field, change) => {
    expect(approvalMessageOf({ ...evm, ...change })).not.toBe(approvalMessageOf(evm));
    expect(approvalMessageOf({ ...stellar, ...change })).not.toBe(approvalMessageOf(stellar));
  });

  it('is what the decider stores and the same for the same transfer', () => {
    expect(transferOf(created()).approvalMessage).toBe(approvalMessageOf(evm));
    expect(transferOf(created(createEvm())).approvalMessage).toBe(transferOf(created()).approvalMessage);
  });

  it('can be signed by an EVM wallet with personal_sign over its 32 raw bytes', async () => {
    const message = approvalMessageOf(evm);
    const raw = approvalMessageBytes(message);
    expect(raw).toHaveLength(32);
    const signature = await privateKeyToAccount(KEYS.admin).signMessage({ message: { raw: message as `0x${string}` } });
    expect(await recoverMessageAddress({ message: { raw }, signature })).toBe(ADMIN.address);
  });

  it('gives ed25519 signers the 32 bytes of the digest, from base64 (Stellar) or hex (others, older Stellar transfers)', () => {
    const message = approvalMessageOf(stellar);
    expect(Buffer.from(approvalMessageBytes(message)).toString('base64')).toBe(message);
    const hex = Buffer.from(message, 'base64').toString('hex');
    expect(Buffer.from(approvalMessageBytes(hex))).toEqual(Buffer.from(message, 'base64'));
  });
});
