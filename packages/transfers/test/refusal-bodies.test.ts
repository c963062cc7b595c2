import type { DomainError } from '@paykit/kernel';
import type { TransferCommand, TransferEvent } from '../src/index.js';
import {
  ADMIN,
  EXPIRES_AT,
  LATER,
  SECOND,
  THIRD,
  TRANSFER_ID,
  after,
  approval,
  approved,
  billing,
  broadcast,
  confirm,
  createEvm,
  created,
  failed,
  failure,
  finality,
  refusal,
  sent,
  signer,
  spec,
  submit,
  succeeded,
  twoOfThree,
} from './fixtures.js';

// The API turns a refusal into its error body `{ error, message, code, parameters }`: clients
// branch on the code and read the parameters, people read the message. So each refusal of the
// transfer's commands is held to all of it: kind (the status), code, message and exactly its
// parameters (none where the refusal names nothing).

const outsider = signer('0x000000000000000000000000000000000000dEaD');
const board = (): TransferEvent[] => created(createEvm({ requiredApprovals: [twoOfThree] }));
const expire = (now: string): TransferCommand => ({ type: 'ExpireApprovals', data: { now } });
const expired = (): TransferEvent[] => after(created(), expire(EXPIRES_AT));

describe('refusals of the transfer state carry their whole body', () => {
  it.each<[string, () => TransferEvent[], () => TransferCommand, Partial<DomainError>]>([
    [
      'a command on a transfer that does not exist',
      () => [],
      () => submit([approval(created(), ADMIN)]),
      refusal('not_found', 'not_found', 'Not found'),
    ],
    [
      'creating a transfer twice',
      created,
      () => createEvm(),
      refusal('conflict', 'transfer_already_exists', `transfer ${TRANSFER_ID} already exists`, {
        transferId: TRANSFER_ID,
      }),
    ],
    [
      'a request without approvals',
      created,
      () => submit([]),
      refusal('invalid', 'no_approvals', 'approvals: at least one approval is required'),
    ],
    [
      'a signature the handler could not verify',
      created,
      () => submit([approval(created(), ADMIN, { verified: false })]),
      refusal(
        'invalid',
        'invalid_signature',
        `the signature of ${ADMIN.locator} does not verify against the transfer's approval message`,
        { signer: ADMIN.locator },
      ),
    ],
    [
      'a signature over another message',
      created,
      () => submit([approval(created(), ADMIN, { message: `0x${'00'.repeat(32)}` })]),
      refusal(
        'invalid',
        'approval_message_mismatch',
        `${ADMIN.locator} signed a message other than this transfer's approval message`,
        { signer: ADMIN.locator },
      ),
    ],
    [
      'a signer the transfer does not wait for, listing every one it does',
      board,
      () => submit([approval(board(), outsider)]),
      refusal(
        'invalid',
        'signer_not_pending',
        `${outsider.locator} is not among the signers this transfer awaits: ${ADMIN.locator}, ${SECOND.locator}, ${THIRD.locator}`,
        { signer: outsider.locator, pendingSigners: [ADMIN.locator, SECOND.locator, THIRD.locator] },
      ),
    ],
    [
      'a signer approving twice',
      approved,
      () => submit([approval(created(), ADMIN)]),
      refusal('conflict', 'approval_already_submitted', `${ADMIN.locator} has already approved this transfer`, {
        signer: ADMIN.locator,
      }),
    ],
    [
      'an approval once the quorums are complete',
      approved,
      () => submit([approval(created(), SECOND)]),
      refusal('unprocessable', 'approvals_complete', 'this transfer needs no more approvals'),
    ],
    [
      'an approval at the deadline',
      created,
      () => submit([approval(created(), ADMIN)], EXPIRES_AT),
      refusal('unprocessable', 'approvals_expired', `approvals for this transfer closed at ${EXPIRES_AT}`, {
        expiresAt: EXPIRES_AT,
      }),
    ],
    [
      'an approval after the transfer expired',
      expired,
      () => submit([approval(created(), ADMIN)]),
      refusal('unprocessable', 'approvals_expired', `approvals for this transfer closed at ${EXPIRES_AT}`, {
        expiresAt: EXPIRES_AT,
      }),
    ],
    [
      'expiring before the deadline',
      created,
      () => expire(LATER),
      refusal(
        'conflict',
        'approval_deadline_not_reached',
        `approvals for this transfer stay open until ${EXPIRES_AT}`,
        {
          expiresAt: EXPIRES_AT,
        },
      ),
    ],
    [
      'broadcasting a transfer still awaiting approval',
      created,
      () => broadcast(),
      refusal('conflict', 'approvals_pending', 'this transfer is still awaiting approval'),
    ],
    [
      'failing a transfer still awaiting approval',
      created,
      () => failure(),
      refusal('conflict', 'approvals_pending', 'this transfer is still awaiting approval'),
    ],
    [
      'another transaction for a broadcast transfer',
      sent,
      () => broadcast('0xother'),
      refusal('conflict', 'transfer_already_broadcast', 'this transfer was already broadcast as 0xabc1', {
        txId: '0xabc1',
      }),
    ],
    [
      'a confirmation before the broadcast',
      approved,
      () => confirm(1),
      refusal('conflict', 'transfer_not_broadcast', 'this transfer has not been broadcast'),
    ],
    [
      'finality before the broadcast',
      approved,
      () => finality,
      refusal('conflict', 'transfer_not_broadcast', 'this transfer has not been broadcast'),
    ],
    [
      'success for a failed transfer',
      failed,
      () => finality,
      refusal('conflict', 'transfer_already_final', 'this transfer already ended with status failed', {
        status: 'failed',
      }),
    ],
    [
      'a failure for a successful transfer',
      succeeded,
      () => failure(),
      refusal('conflict', 'transfer_already_final', 'this transfer already ended with status success', {
        status: 'success',
      }),
    ],
    [
      'billing a transfer that is not final',
      sent,
      () => billing('0.05'),
      refusal('conflict', 'transfer_not_final', 'fees are billed once the transfer is final'),
    ],
    [
      'billing again, differently, after a successful charge',
      () => after(succeeded(), billing('0.05')),
      () => billing('0.06'),
      refusal('conflict', 'fee_billing_already_recorded', "this transfer's fees were already billed"),
    ],
  ])('%s', (_case, history, command, expected) => {
    spec.given(history()).when(command()).thenFails(expected);
  });
});

describe('refusals of what a command carries', () => {
  it.each<[string, () => TransferEvent[], TransferCommand, Partial<DomainError>]>([
    [
      'a negative confirmation count',
      sent,
      confirm(-1),
      refusal('invalid', 'invalid_confirmation', 'confirmations and blockNumber must be non-negative integers'),
    ],
    [
      'a fractional block number',
      sent,
      confirm(1, 1.5),
      refusal('invalid', 'invalid_confirmation', 'confirmations and blockNumber must be non-negative integers'),
    ],
    [
      'a failure without a message',
      sent,
      failure('reverted', ' '),
      refusal('invalid', 'invalid_transfer_error', 'a failure needs a message and a known reason'),
    ],
    [
      'a failure with an unknown reason',
      sent,
      failure('timeout' as 'reverted'),
      refusal('invalid', 'invalid_transfer_error', 'a failure needs a message and a known reason'),
    ],
    [
      'a billed amount that is not a decimal',
      succeeded,
      billing('-1'),
      refusal('invalid', 'invalid_billed_amount', 'billedUsd: "-1" is not a decimal amount'),
    ],
  ])('%s', (_case, history, command, expected) => {
    spec.given(history()).when(command).thenFails(expected);
  });
});

describe('a timestamp that is not ISO 8601 is refused, naming its field', () => {
  const notIso = 'yesterday';
  it.each<[string, () => TransferEvent[], TransferCommand]>([
    ['createdAt', () => [], createEvm({ createdAt: notIso })],
    ['submittedAt', created, submit([approval(created(), ADMIN)], notIso)],
    ['now', created, expire(notIso)],
    ['broadcastAt', approved, { type: 'RecordBroadcast', data: { txId: '0xabc1', broadcastAt: notIso } }],
    [
      'confirmedAt',
      sent,
      { type: 'RecordConfirmation', data: { confirmations: 1, blockNumber: 100, confirmedAt: notIso } },
    ],
    ['completedAt', sent, { type: 'RecordFinality', data: { completedAt: notIso } }],
    [
      'failedAt',
      sent,
      {
        type: 'RecordFailure',
        data: { error: { message: 'execution reverted', reason: 'reverted' }, failedAt: notIso },
      },
    ],
    [
      'billedAt',
      succeeded,
      { type: 'RecordFeeBilling', data: { billedUsd: '0.05', status: 'succeeded', billedAt: notIso } },
    ],
  ])('%s', (field, history, command) => {
    spec
      .given(history())
      .when(command)
      .thenFails(refusal('invalid', 'invalid_timestamp', `${field} must be an ISO 8601 timestamp`));
  });
});
