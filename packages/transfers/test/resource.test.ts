import { decodeFunctionData, encodeFunctionData, erc20Abi } from 'viem';
import { type QuorumApprovalEntryResource, toTransferResource, type TransferEvent } from '../src/index.js';
import {
  ADMIN,
  LATER,
  MUCH_LATER,
  RECIPIENT_ADDRESS,
  SECOND,
  THIRD,
  TRANSFER_ID,
  USDXM_ADDRESS,
  after,
  approval,
  approved,
  broadcast,
  createEvm,
  created,
  messageOf,
  submit,
  transferOf,
  twoOfThree,
} from './fixtures.js';

const resourceOf = (events: TransferEvent[]) => toTransferResource(transferOf(events));
const CREATED_MS = Date.parse('2026-01-01T00:00:00.000Z');
const TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
];
const usdxmData = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: [RECIPIENT_ADDRESS, 12_500_000n],
});
const adminMember = { address: ADMIN.address, locator: ADMIN.locator, type: 'external-wallet' };

describe('toTransferResource', () => {
  it('shows an ERC-20 transfer awaiting its admin signer, with the message to sign', () => {
    const events = created();
    const message = messageOf(events);
    expect(resourceOf(events)).toStrictEqual({
      id: TRANSFER_ID,
      chainType: 'evm',
      walletType: 'smart',
      status: 'awaiting-approval',
      createdAt: CREATED_MS,
      params: {
        call: {
          abi: TRANSFER_ABI,
          address: USDXM_ADDRESS,
          args: [RECIPIENT_ADDRESS, '12500000'],
          functionName: 'transfer',
        },
        chain: 'base-sepolia',
      },
      onChain: { call: { data: usdxmData, to: USDXM_ADDRESS } },
      sendParams: {
        token: 'base-sepolia:usdc',
        params: { recipient: 'email:bob@example.com:evm', recipientAddress: RECIPIENT_ADDRESS, amount: '12.5' },
      },
      approvals: {
        required: 1,
        // A lone signer appears as itself (ADR 0440): the public SDK matches signer.locator and signs message.
        pending: [{ signer: adminMember, message }],
        submitted: [],
      },
      fees: { mode: 'project', estimate: { token: 'base-sepolia:eth', amount: '0.000021' }, billed: { usd: 0 } },
    });
  });

  it('encodes call data that decodes back to ERC-20 transfer(recipient, amount in base units)', () => {
    const { onChain, params } = resourceOf(created());
    expect(decodeFunctionData({ abi: erc20Abi, data: onChain.call?.data as `0x${string}` })).toEqual({
      functionName: 'transfer',
      args: [RECIPIENT_ADDRESS, 12_500_000n],
    });
    expect(
      encodeFunctionData({
        abi: params.call.abi as typeof erc20Abi,
        functionName: 'transfer',
        args: [RECIPIENT_ADDRESS, 12_500_000n],
      }),
    ).toBe(onChain.call?.data);
  });

  it('carries an 18-decimal token amount exactly in base units', () => {
    const eighteen = createEvm({
      token: { locator: 'base-sepolia:0xDc70', native: false, address: USDXM_ADDRESS, decimals: 18, symbol: 'wtk' },
      amount: '1234.000000000000000001',
    });
    const { onChain, params } = resourceOf(created(eighteen));
    expect(params.call.args).toEqual([RECIPIENT_ADDRESS, '1234000000000000000001']);
    expect(decodeFunctionData({ abi: erc20Abi, data: onChain.call?.data as `0x${string}` }).args).toEqual([
      RECIPIENT_ADDRESS,
      1_234_000_000_000_000_000_001n,
    ]);
  });

  it('shows a successful transfer with its transaction, completion time, fees and billing', () => {
    const events = after(
      after(after(approved(), broadcast('0xabc1', { explorerLink: 'https://sepolia.basescan.org/tx/0xabc1' })), {
        type: 'RecordFinality',
        data: { completedAt: MUCH_LATER, actualFee: { token: 'base-sepolia:eth', amount: '0.0000187' } },
      }),
      { type: 'RecordFeeBilling', data: { billedUsd: '0.05', status: 'succeeded', billedAt: MUCH_LATER } },
    );
    const message = messageOf(events);
    expect(resourceOf(events)).toStrictEqual({
      id: TRANSFER_ID,
      chainType: 'evm',
      walletType: 'smart',
      status: 'success',
      createdAt: CREATED_MS,
      completedAt: Date.parse(MUCH_LATER),
      params: {
        call: {
          abi: TRANSFER_ABI,
          address: USDXM_ADDRESS,
          args: [RECIPIENT_ADDRESS, '12500000'],
          functionName: 'transfer',
        },
        chain: 'base-sepolia',
      },
      onChain: {
        call: { data: usdxmData, to: USDXM_ADDRESS },
        explorerLink: 'https://sepolia.basescan.org/tx/0xabc1',
        txId: '0xabc1',
      },
      sendParams: {
        token: 'base-sepolia:usdc',
        params: { recipient: 'email:bob@example.com:evm', recipientAddress: RECIPIENT_ADDRESS, amount: '12.5' },
      },
      approvals: {
        required: 1,
        pending: [],
        submitted: [
          {
            signer: adminMember,
            message,
            signature: approval(events, ADMIN).signature,
            submittedAt: Date.parse(LATER),
          },
        ],
      },
      fees: {
        mode: 'project',
        actual: { token: 'base-sepolia:eth', amount: '0.0000187' },
        estimate: { token: 'base-sepolia:eth', amount: '0.000021' },
        billed: { usd: 0.05 },
        billing: { status: 'succeeded' },
      },
    });
  });

  it('shows the error of a failed transfer and when it ended', () => {
    const events = after(after(approved(), broadcast()), {
      type: 'RecordFailure',
      data: {
        error: { message: 'execution reverted', reason: 'reverted', logs: ['log 1'], revertData: '0x08c379a0' },
        failedAt: MUCH_LATER,
      },
    });
    const resource = resourceOf(events);
    expect(resource.status).toBe('failed');
    expect(resource.completedAt).toBe(Date.parse(MUCH_LATER));
    expect(resource.error).toStrictEqual({
      message: 'execution reverted',
      reason: 'reverted',
      logs: ['log 1'],
      revertData: '0x08c379a0',
    });
    expect(resource.onChain).toStrictEqual({ call: { data: usdxmData, to: USDXM_ADDRESS }, txId: '0xabc1' });
    expect(resource.fees).toStrictEqual({
      mode: 'project',
      estimate: { token: 'base-sepolia:eth', amount: '0.000021' },
      billed: { usd: 0 },
    });
  });

  it('has no error or completion time while pending', () => {
    const resource = resourceOf(approved());
    expect(resource.status).toBe('pending');
    expect('error' in resource || 'completedAt' in resource).toBe(false);
  });

  it('shows a 2-of-3 quorum half-way: one signature in, the other two members pending', () => {
    const events = created(createEvm({ requiredApprovals: [twoOfThree] }));
    const message = messageOf(events);
    const one = after(events, submit([approval(events, SECOND)]));
    const member = (who: typeof ADMIN) => ({ address: who.address, locator: who.locator, type: who.type });
    expect(resourceOf(one).approvals).toStrictEqual({
      required: 1,
      pending: [
        {
          signer: { locator: 'quorum:board', type: 'quorum' },
          quorumApprovals: {
            threshold: 2,
            remaining: 1,
            pending: [
              { message, signer: member(ADMIN) },
              { message, signer: { address: THIRD.address, locator: THIRD.locator, type: 'api-key' } },
            ],
            submitted: [
              {
                message,
                signature: approval(events, SECOND).signature,
                signer: member(SECOND),
                submittedAt: Date.parse(LATER),
              },
            ],
          },
        },
      ],
      submitted: [],
    });
    const two = after(one, submit([approval(events, THIRD)]));
    expect(resourceOf(two).approvals.pending).toEqual([]);
    const board = resourceOf(two).approvals.submitted[0] as QuorumApprovalEntryResource;
    expect(board.quorumApprovals).toMatchObject({ remaining: 0, pending: [] });
    expect(board.quorumApprovals.submitted.map((s) => s.signer.locator)).toEqual([SECOND.locator, THIRD.locator]);
  });

  it('keeps the quorum form for a 1-of-n quorum: any of several members may approve', () => {
    const events = created(
      createEvm({ requiredApprovals: [{ locator: 'quorum:any', threshold: 1, signers: [ADMIN, SECOND] }] }),
    );
    expect(resourceOf(events).approvals.pending).toMatchObject([
      { signer: { locator: 'quorum:any', type: 'quorum' }, quorumApprovals: { threshold: 1, remaining: 1 } },
    ]);
  });

  it('shows no approvals for a transfer the service signs itself', () => {
    expect(resourceOf(created(createEvm({ requiredApprovals: [] }))).approvals).toStrictEqual({
      required: 0,
      pending: [],
      submitted: [],
    });
  });

  it('shows the call that actually went on chain when the broadcast reports one', () => {
    const wrapped = { to: '0x9f1A0469CBce2fEb53C705746446981548845b3B', data: '0xb61d27f6' };
    expect(resourceOf(after(approved(), broadcast('0xabc1', { call: wrapped }))).onChain).toStrictEqual({
      call: wrapped,
      txId: '0xabc1',
    });
  });
});
