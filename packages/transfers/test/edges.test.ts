import { encodeFunctionData, erc20Abi } from 'viem';
import {
  contractCallOf,
  evmTransactionOf,
  pendingSignerLocators,
  toTransferResource,
  transferStreamName,
  type QuorumApprovalEntryResource,
  type TransferCommand,
} from '../src/index.js';
import {
  ADMIN,
  FEE,
  LATER,
  MUCH_LATER,
  RECIPIENT_ADDRESS,
  SECOND,
  TRANSFER_ID,
  USDXM_ADDRESS,
  adminQuorum,
  after,
  approval,
  billing,
  createEvm,
  created,
  failure,
  refusal,
  sent,
  spec,
  submit,
  succeeded,
  transferOf,
} from './fixtures.js';

describe('RecordConfirmation edges', () => {
  it('accepts zero confirmations (in a block, not yet built upon)', () => {
    spec
      .given(sent())
      .when({ type: 'RecordConfirmation', data: { confirmations: 0, blockNumber: 100, confirmedAt: LATER } })
      .then([
        {
          type: 'TransferConfirmed',
          data: { transferId: TRANSFER_ID, confirmations: 0, blockNumber: 100, confirmedAt: LATER },
        },
      ]);
  });
});

describe('RecordFailure edges', () => {
  it('treats the same reason with another message as another ending, and refuses it', () => {
    spec
      .given(after(sent(), failure('reverted', 'execution reverted')))
      .when(failure('reverted', 'out of gas'))
      .thenFails(
        refusal('conflict', 'transfer_already_final', 'this transfer already ended with status failed', {
          status: 'failed',
        }),
      );
  });

  it('shows the fee a failed transaction still paid, and has no fee key when none was paid', () => {
    expect(toTransferResource(transferOf(after(sent(), failure()))).fees.actual).toEqual(FEE);
    const unpaid: TransferCommand = {
      type: 'RecordFailure',
      data: { error: { message: 'balance too low', reason: 'insufficient_funds' }, failedAt: MUCH_LATER },
    };
    expect(transferOf(after(sent(), unpaid)).outcome).toStrictEqual({
      status: 'failed',
      completedAt: MUCH_LATER,
      error: { message: 'balance too low', reason: 'insufficient_funds' },
    });
  });
});

describe('RecordFeeBilling edges', () => {
  it('keeps a successful charge against a later report that the same charge failed', () => {
    spec
      .given(after(succeeded(), billing('0.05')))
      .when(billing('0.05', 'failed'))
      .thenFails(refusal('conflict', 'fee_billing_already_recorded', "this transfer's fees were already billed"));
  });
});

describe('a signer counts only in the quorums it belongs to', () => {
  const own = { locator: 'quorum:second', threshold: 1, signers: [SECOND] };

  it("does not complete another quorum with an outsider's approval", () => {
    const events = created(createEvm({ requiredApprovals: [adminQuorum, own] }));
    const afterAdmin = spec
      .given(events)
      .when(submit([approval(events, ADMIN)]))
      .events();
    expect(afterAdmin.map((event) => event.type)).toEqual(['TransferApprovalSubmitted']);
    expect(pendingSignerLocators(transferOf([...events, ...afterAdmin]))).toEqual([SECOND.locator]);
  });

  it('shows a quorum the signatures that met its threshold, never a negative remainder', () => {
    const either = { locator: 'quorum:either', threshold: 1, signers: [ADMIN, SECOND] };
    const events = created(createEvm({ requiredApprovals: [either, own] }));
    const both = after(after(events, submit([approval(events, ADMIN)])), submit([approval(events, SECOND)]));
    expect(both.at(-1)?.type).toBe('TransferApproved');
    const entry = toTransferResource(transferOf(both)).approvals.submitted[0] as QuorumApprovalEntryResource;
    expect(entry.signer.locator).toBe('quorum:either');
    expect(entry.quorumApprovals.remaining).toBe(0);
    expect(entry.quorumApprovals.submitted.map((submitted) => submitted.signer.locator)).toEqual([ADMIN.locator]);
  });
});

describe('the transaction a transfer executes', () => {
  it('sends no native value with an ERC-20 transfer', () => {
    const erc20 = { locator: 'base-sepolia:usdc', native: false, address: USDXM_ADDRESS, decimals: 6, symbol: 'u' };
    expect(
      evmTransactionOf({
        token: erc20,
        recipientAddress: RECIPIENT_ADDRESS,
        baseUnits: '5',
      }),
    ).toStrictEqual({
      to: USDXM_ADDRESS,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT_ADDRESS, 5n] }),
      value: '0',
    });
  });

  it("calls Stellar's native asset 'native' when the handler gave no contract id", () => {
    expect(
      contractCallOf({
        chainType: 'stellar',
        from: 'CWALLET',
        token: { locator: 'stellar:xlm', native: true, decimals: 7, symbol: 'xlm' },
        recipientAddress: 'GBOB',
        baseUnits: '10',
      }),
    ).toStrictEqual({ abi: [], address: 'native', args: ['CWALLET', 'GBOB', '10'], functionName: 'transfer' });
  });
});

describe('transferStreamName', () => {
  it('keeps each transfer in its own stream, transfer-<id>', () => {
    expect(transferStreamName(TRANSFER_ID)).toBe(`transfer-${TRANSFER_ID}`);
  });
});
