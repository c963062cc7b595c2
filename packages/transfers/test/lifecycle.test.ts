import { transferStatus, type TransferEvent, type TransferMovement } from '../src/index.js';
import {
  FEE as fee,
  LATER,
  MUCH_LATER,
  TRANSFER_ID,
  after,
  approved,
  billing,
  broadcast,
  confirm,
  created,
  failed,
  failure,
  finality,
  sent,
  spec,
  succeeded,
  transferOf,
} from './fixtures.js';

const broadcastEvent = (txId = '0xabc1'): TransferEvent => ({
  type: 'TransferBroadcast',
  data: { transferId: TRANSFER_ID, txId, broadcastAt: LATER },
});
const movement = (txId?: string): TransferMovement => {
  const state = transferOf(created());
  return {
    transferId: TRANSFER_ID,
    chain: 'base-sepolia',
    chainType: 'evm',
    token: state.token,
    amount: { decimal: '12.5', baseUnits: '12500000' },
    from: state.wallet,
    to: state.recipient,
    ...(txId && { txId }),
  };
};

describe('RecordBroadcast', () => {
  it('records the transaction of an approved transfer, which stays pending', () => {
    spec.given(approved()).when(broadcast()).then([broadcastEvent()]);
    spec
      .given(approved())
      .when(
        broadcast('0xabc1', {
          explorerLink: 'https://sepolia.basescan.org/tx/0xabc1',
          call: { to: '0xwallet', data: '0x1234' },
        }),
      )
      .then([
        {
          type: 'TransferBroadcast',
          data: {
            transferId: TRANSFER_ID,
            txId: '0xabc1',
            call: { to: '0xwallet', data: '0x1234' },
            explorerLink: 'https://sepolia.basescan.org/tx/0xabc1',
            broadcastAt: LATER,
          },
        },
      ]);
    expect(transferStatus(transferOf(sent()))).toBe('pending');
  });

  it('ignores the same transaction reported again, and refuses another one', () => {
    spec.given(sent()).when(broadcast()).thenNothingHappened();
    spec
      .given(sent())
      .when(broadcast('0xother'))
      .thenFails({ kind: 'conflict', code: 'transfer_already_broadcast', parameters: { txId: '0xabc1' } });
  });

  it('refuses a transfer still awaiting approval, a transfer that already failed, and an unknown one', () => {
    spec.given(created()).when(broadcast()).thenFails({ code: 'approvals_pending' });
    const failedBeforeSending = after(approved(), failure('insufficient_funds', 'balance too low'));
    spec
      .given(failedBeforeSending)
      .when(broadcast())
      .thenFails({ code: 'transfer_already_final', parameters: { status: 'failed' } });
    spec.given([]).when(broadcast()).thenFails({ kind: 'not_found' });
    spec
      .given(approved())
      .when({ type: 'RecordBroadcast', data: { txId: '0x1', broadcastAt: 'now' } })
      .thenFails({ code: 'invalid_timestamp' });
  });
});

describe('RecordConfirmation', () => {
  const confirmed: TransferEvent = {
    type: 'TransferConfirmed',
    data: { transferId: TRANSFER_ID, confirmations: 1, blockNumber: 100, blockHash: '0xblock', confirmedAt: LATER },
  };

  it('records growing confirmations of a broadcast transfer', () => {
    spec.given(sent()).when(confirm(1)).then([confirmed]);
    spec
      .given([...sent(), confirmed])
      .when(confirm(3))
      .then([{ ...confirmed, data: { ...confirmed.data, confirmations: 3 } }]);
  });

  it('ignores stale and late reports', () => {
    spec
      .given([...sent(), confirmed])
      .when(confirm(1))
      .thenNothingHappened();
    spec.given(succeeded()).when(confirm(5)).thenNothingHappened();
  });

  it('refuses a transfer not yet broadcast, bad numbers and an unknown transfer', () => {
    spec.given(approved()).when(confirm(1)).thenFails({ code: 'transfer_not_broadcast' });
    spec.given(sent()).when(confirm(-1)).thenFails({ code: 'invalid_confirmation' });
    spec.given(sent()).when(confirm(1, 1.5)).thenFails({ code: 'invalid_confirmation' });
    spec.given([]).when(confirm(1)).thenFails({ kind: 'not_found' });
  });
});

describe('RecordFinality', () => {
  it('ends a broadcast transfer in success, carrying who sent what to whom', () => {
    spec
      .given(sent())
      .when(finality)
      .then([
        {
          type: 'TransferSucceeded',
          data: { transferId: TRANSFER_ID, completedAt: MUCH_LATER, actualFee: fee, movement: movement('0xabc1') },
        },
      ]);
    expect(transferStatus(transferOf(succeeded()))).toBe('success');
  });

  it('ignores a repeat, refuses a failed transfer and one never broadcast', () => {
    spec.given(succeeded()).when(finality).thenNothingHappened();
    spec
      .given(failed())
      .when(finality)
      .thenFails({ code: 'transfer_already_final', parameters: { status: 'failed' } });
    spec.given(approved()).when(finality).thenFails({ code: 'transfer_not_broadcast' });
    spec.given([]).when(finality).thenFails({ kind: 'not_found' });
    spec
      .given(sent())
      .when({ type: 'RecordFinality', data: { completedAt: '' } })
      .thenFails({ code: 'invalid_timestamp' });
  });
});

describe('RecordFailure', () => {
  it('fails a broadcast transfer whose transaction reverted', () => {
    spec
      .given(sent())
      .when(failure())
      .then([
        {
          type: 'TransferFailed',
          data: {
            transferId: TRANSFER_ID,
            failedAt: MUCH_LATER,
            error: { message: 'execution reverted', reason: 'reverted', revertData: '0x08c379a0' },
            actualFee: fee,
            movement: movement('0xabc1'),
          },
        },
      ]);
    expect(transferStatus(transferOf(failed()))).toBe('failed');
  });

  it('fails an approved transfer that could not be sent', () => {
    const [event] = spec.given(approved()).when(failure('insufficient_funds', 'balance too low')).events();
    expect(event).toMatchObject({
      type: 'TransferFailed',
      data: { error: { reason: 'insufficient_funds' }, movement: movement() },
    });
  });

  it('ignores the same failure again and refuses a different ending', () => {
    spec.given(failed()).when(failure()).thenNothingHappened();
    spec.given(failed()).when(failure('insufficient_funds')).thenFails({ code: 'transfer_already_final' });
    spec
      .given(succeeded())
      .when(failure())
      .thenFails({ code: 'transfer_already_final', parameters: { status: 'success' } });
  });

  it('refuses a transfer awaiting approval, an error without message or known reason, and an unknown transfer', () => {
    spec.given(created()).when(failure()).thenFails({ code: 'approvals_pending' });
    spec.given(sent()).when(failure('reverted', ' ')).thenFails({ code: 'invalid_transfer_error' });
    spec
      .given(sent())
      .when(failure('timeout' as 'reverted'))
      .thenFails({ code: 'invalid_transfer_error' });
    spec.given([]).when(failure()).thenFails({ kind: 'not_found' });
  });
});

describe('RecordFeeBilling', () => {
  const billed = (billedUsd: string, status: 'succeeded' | 'failed' = 'succeeded'): TransferEvent => ({
    type: 'TransferFeeBilled',
    data: { transferId: TRANSFER_ID, billedUsd, status, billedAt: MUCH_LATER },
  });

  it('bills a final transfer, successful or failed', () => {
    spec
      .given(succeeded())
      .when(billing('0.05'))
      .then([billed('0.05')]);
    spec
      .given(failed())
      .when(billing('0.01', 'failed'))
      .then([billed('0.01', 'failed')]);
  });

  it('retries a failed charge, and keeps a successful one', () => {
    spec
      .given([...succeeded(), billed('0.05', 'failed')])
      .when(billing('0.05'))
      .then([billed('0.05')]);
    spec
      .given([...succeeded(), billed('0.05')])
      .when(billing('0.050'))
      .thenNothingHappened();
    spec
      .given([...succeeded(), billed('0.05')])
      .when(billing('0.06'))
      .thenFails({ code: 'fee_billing_already_recorded' });
  });

  it('refuses a transfer that is not final, a bad amount and an unknown transfer', () => {
    spec.given(sent()).when(billing('0.05')).thenFails({ code: 'transfer_not_final' });
    spec.given(succeeded()).when(billing('-1')).thenFails({ code: 'invalid_billed_amount' });
    spec.given([]).when(billing('0.05')).thenFails({ kind: 'not_found' });
  });
});
