import { fold } from '@paykit/kernel';
import { DeciderSpecification, refusal } from '@paykit/kernel/testing';
import {
  transferDecider,
  type ApprovalInput,
  type CreateTransfer,
  type QuorumInput,
  type QuorumSigner,
  type Transfer,
  type TransferCommand,
  type TransferEvent,
} from '../src/index.js';

export const spec = DeciderSpecification.for(transferDecider);
export const transferOf = (events: readonly TransferEvent[]): Transfer => fold(transferDecider, events) as Transfer;

/** Apply a command to the events so far and return the events after it (for building histories). */
export const after = (events: readonly TransferEvent[], command: TransferCommand): TransferEvent[] => [
  ...events,
  ...spec.given(events).when(command).events(),
];

export const TRANSFER_ID = '5b0e2f7c-8d14-4c3a-9e61-2f7a8b9c0d1e';
export const CREATED_AT = '2026-01-01T00:00:00.000Z';
export const EXPIRES_AT = '2026-01-02T00:00:00.000Z';
export const LATER = '2026-01-01T00:01:00.000Z';
export const MUCH_LATER = '2026-01-01T00:02:00.000Z';

export const WALLET_ADDRESS = '0x9f1A0469CBce2fEb53C705746446981548845b3B';
export const RECIPIENT_ADDRESS = '0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115';
export const USDXM_ADDRESS = '0xDc701122B8afFF800A94b86c03D2222D10efbA90';

/** Private keys of the test signers (0x11.., 0x22.., 0x33..) and their addresses. */
export const KEYS = {
  admin: `0x${'11'.repeat(32)}`,
  second: `0x${'22'.repeat(32)}`,
  third: `0x${'33'.repeat(32)}`,
} as const;
export const signer = (address: string, type = 'external-wallet'): QuorumSigner => ({
  locator: `${type}:${address}`,
  type,
  address,
});
export const ADMIN = signer('0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A');
export const SECOND = signer('0x1563915e194D8CfBA1943570603F7606A3115508');
export const THIRD = signer('0x5CbDd86a2FA8Dc4bDdd8a8f69dBa48572EeC07FB', 'api-key');

export const adminQuorum: QuorumInput = { locator: 'quorum:admin', threshold: 1, signers: [ADMIN] };
export const twoOfThree: QuorumInput = { locator: 'quorum:board', threshold: 2, signers: [ADMIN, SECOND, THIRD] };

type CreateData = CreateTransfer['data'];

/** An EVM smart wallet on base-sepolia sending 12.5 usdxm (6 decimals), approved by its admin signer. */
export const createEvm = (overrides: Partial<CreateData> = {}): CreateTransfer => ({
  type: 'CreateTransfer',
  data: {
    transferId: TRANSFER_ID,
    wallet: { walletId: 'wallet-1', locator: `evm:smart:alias:treasury`, address: WALLET_ADDRESS },
    chainType: 'evm',
    walletType: 'smart',
    chain: 'base-sepolia',
    token: { locator: 'base-sepolia:usdc', native: false, address: USDXM_ADDRESS, decimals: 6, symbol: 'usdxm' },
    recipient: { locator: `email:bob@example.com:evm`, address: RECIPIENT_ADDRESS, walletId: 'wallet-2' },
    amount: '12.5',
    requiredApprovals: [adminQuorum],
    feeEstimate: { token: 'base-sepolia:eth', amount: '0.000021' },
    createdAt: CREATED_AT,
    ...overrides,
  },
});

/** A Stellar smart wallet sending 1 usdxm (7 decimals), with the memo given, approved by its admin signer. */
export const createStellar = (memo?: CreateData['memo']): CreateTransfer =>
  createEvm({
    chainType: 'stellar',
    chain: 'stellar-testnet',
    wallet: { walletId: 'wallet-1', locator: 'stellar:smart:alias:t', address: 'CWALLET' },
    token: { locator: 'stellar:usdxm', native: false, address: 'CTOKEN', decimals: 7, symbol: 'usdxm' },
    recipient: { locator: 'GBOB', address: 'GBOB' },
    amount: '1',
    ...(memo && { memo }),
  });

export const created = (command: CreateTransfer = createEvm()): TransferEvent[] =>
  spec.given([]).when(command).events() as TransferEvent[];

/** The approval message of the default transfer, as the decider computed it. */
export const messageOf = (events: readonly TransferEvent[]): string => transferOf(events).approvalMessage;

export const approval = (
  events: readonly TransferEvent[],
  who: QuorumSigner,
  overrides: Partial<ApprovalInput> = {},
): ApprovalInput => ({
  signer: who.locator,
  signature: `0xsig-${who.address.slice(2, 8)}`,
  message: messageOf(events),
  verified: true,
  ...overrides,
});

export const submit = (approvals: ApprovalInput[], submittedAt = LATER): TransferCommand => ({
  type: 'SubmitApprovals',
  data: { approvals, submittedAt },
});

export const broadcast = (
  txId = '0xabc1',
  extra: Partial<{ explorerLink: string; call: { to: string; data: string } }> = {},
): TransferCommand => ({
  type: 'RecordBroadcast',
  data: { txId, broadcastAt: LATER, ...extra },
});

/** A transfer approved by its admin and ready to broadcast. */
export const approved = (): TransferEvent[] => {
  const events = created();
  return after(events, submit([approval(events, ADMIN)]));
};

export const FEE = { token: 'base-sepolia:eth', amount: '0.0000187' };

export const confirm = (confirmations: number, blockNumber = 100): TransferCommand => ({
  type: 'RecordConfirmation',
  data: { confirmations, blockNumber, blockHash: '0xblock', confirmedAt: LATER },
});
export const finality: TransferCommand = { type: 'RecordFinality', data: { completedAt: MUCH_LATER, actualFee: FEE } };
export const failure = (
  reason: 'reverted' | 'insufficient_funds' = 'reverted',
  message = 'execution reverted',
): TransferCommand => ({
  type: 'RecordFailure',
  data: { error: { message, reason, revertData: '0x08c379a0' }, failedAt: MUCH_LATER, actualFee: FEE },
});
export const billing = (billedUsd: string, status: 'succeeded' | 'failed' = 'succeeded'): TransferCommand => ({
  type: 'RecordFeeBilling',
  data: { billedUsd, status, billedAt: MUCH_LATER },
});

/** The default transfer broadcast as 0xabc1, then ended in success or in a revert. */
export const sent = (): TransferEvent[] => after(approved(), broadcast());
export const succeeded = (): TransferEvent[] => after(sent(), finality);
export const failed = (): TransferEvent[] => after(sent(), failure());

export { refusal };
