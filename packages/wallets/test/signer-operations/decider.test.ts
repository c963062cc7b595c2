import { invalid } from '@paykit/kernel';
import { DeciderSpecification, refusal } from '@paykit/kernel/testing';
import {
  type ApproveSignerOperation,
  type RequestSignerOperation,
  type SignerOperationEvent,
  signerOperationDecider,
  signerOperationStreamName,
  toSignerTransactionResource,
} from '../../src/index.js';

const spec = DeciderSpecification.for(signerOperationDecider);
const ADMIN = {
  type: 'external-wallet',
  address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  locator: 'external-wallet:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
};
const DELEGATE = 'external-wallet:4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const AT = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-01T12:00:05.000Z';

const operation: RequestSignerOperation['data'] = {
  operationId: 'op-1',
  walletId: 'wallet-1',
  walletAddress: '2jEkfracZiCbYfNewW7LQgauexTcQsWJ1Da5n4qgAzRY',
  environment: 'staging',
  chainType: 'solana',
  chain: 'solana',
  kind: 'add-signer',
  signer: DELEGATE,
  generation: 0,
  approver: ADMIN,
  digest: `0x${'01'.repeat(32)}`,
  approvalMessage: 'message-base58',
  onChainTransaction: 'transaction-base58',
  createdAt: AT,
  addition: { request: { signer: DELEGATE }, custodialKeys: {} },
};
const requested: SignerOperationEvent = { type: 'SignerOperationRequested', data: operation };
const approve = (overrides: Partial<ApproveSignerOperation['data']> = {}): ApproveSignerOperation => ({
  type: 'ApproveSignerOperation',
  data: { signer: ADMIN.locator, signature: 'sig', verified: true, txId: 'tx-1', submittedAt: LATER, ...overrides },
});
const approved: SignerOperationEvent = {
  type: 'SignerOperationApproved',
  data: { operationId: 'op-1', signer: ADMIN.locator, signature: 'sig', txId: 'tx-1', submittedAt: LATER },
};

describe('signer operations (ADR 0448)', () => {
  it('opens an operation awaiting its admin', () => {
    spec.given([]).when({ type: 'RequestSignerOperation', data: operation }).then([requested]);
  });

  it('is approved at once when the service holds the admin key', () => {
    spec
      .given([])
      .when({ type: 'RequestSignerOperation', data: { ...operation, approvedByService: { txId: 'tx-s' } } })
      .then([
        requested,
        {
          type: 'SignerOperationApproved',
          data: { operationId: 'op-1', signer: ADMIN.locator, txId: 'tx-s', submittedAt: AT },
        },
      ]);
  });

  it('refuses to open the same operation twice', () => {
    spec
      .given([requested])
      .when({ type: 'RequestSignerOperation', data: operation })
      .thenFails({ kind: 'conflict', code: 'transaction_already_exists' });
  });

  it("takes the admin's verified approval", () => {
    spec.given([requested]).when(approve()).then([approved]);
  });

  it('refuses another signer (a delegated one included), and a signature that does not verify', () => {
    spec
      .given([requested])
      .when(approve({ signer: DELEGATE }))
      .thenFails({ kind: 'invalid', code: 'signer_not_pending' });
    spec
      .given([requested])
      .when(approve({ verified: false }))
      .thenFails({ kind: 'invalid', code: 'invalid_signature' });
    const outright = invalid('webauthn_assertion_required', 'a passkey approves with a WebAuthn assertion');
    spec
      .given([requested])
      .when(approve({ verified: false, refusal: outright }))
      .thenFails(outright);
  });

  it('answers a repeated approval with 409 and any other after approval with 422', () => {
    spec
      .given([requested, approved])
      .when(approve())
      .thenFails({ kind: 'conflict', code: 'approval_already_submitted' });
    spec
      .given([requested, approved])
      .when(approve({ signature: 'other' }))
      .thenFails({ kind: 'unprocessable', code: 'approvals_complete' });
  });

  it('refuses to approve an operation that does not exist', () => {
    spec.given([]).when(approve()).thenFails({ kind: 'not_found' });
  });

  it('reads as a wallet transaction: pending with the message to sign, then success with its txId', () => {
    const pending = [requested].reduce(signerOperationDecider.evolve, signerOperationDecider.initialState());
    expect(pending && toSignerTransactionResource(pending)).toMatchObject({
      id: 'op-1',
      type: 'add-signer',
      status: 'awaiting-approval',
      onChain: { transaction: 'transaction-base58' },
      approvals: { required: 1, pending: [{ signer: ADMIN, message: 'message-base58' }], submitted: [] },
    });
    const done = [requested, approved].reduce(signerOperationDecider.evolve, signerOperationDecider.initialState());
    expect(done && toSignerTransactionResource(done)).toMatchObject({
      status: 'success',
      onChain: { transaction: 'transaction-base58', txId: 'tx-1' },
      approvals: { pending: [], submitted: [{ signer: ADMIN, signature: 'sig', submittedAt: Date.parse(LATER) }] },
      completedAt: Date.parse(LATER),
    });
  });
});

describe('signer operations: refusals in full', () => {
  it('names the operation that already exists', () => {
    spec
      .given([requested])
      .when({ type: 'RequestSignerOperation', data: operation })
      .thenFails(refusal('conflict', 'transaction_already_exists', 'transaction op-1 already exists'));
  });

  it('names the signer who already approved', () => {
    spec
      .given([requested, approved])
      .when(approve())
      .thenFails(
        refusal('conflict', 'approval_already_submitted', `${ADMIN.locator} already approved this transaction`, {
          signer: ADMIN.locator,
        }),
      );
  });

  it('says an approved operation needs no more approvals, to another signer presenting the same signature too', () => {
    const complete = refusal('unprocessable', 'approvals_complete', 'This transaction needs no more approvals');
    spec
      .given([requested, approved])
      .when(approve({ signature: 'other' }))
      .thenFails(complete);
    spec
      .given([requested, approved])
      .when(approve({ signer: DELEGATE }))
      .thenFails(complete);
  });

  it('names the signer it awaits when another one approves', () => {
    spec
      .given([requested])
      .when(approve({ signer: DELEGATE }))
      .thenFails(
        refusal(
          'invalid',
          'signer_not_pending',
          `signer: ${DELEGATE} is not asked to approve; awaiting ${ADMIN.locator}`,
          {
            awaiting: [ADMIN.locator],
          },
        ),
      );
  });

  it('names the signer whose signature does not verify', () => {
    spec
      .given([requested])
      .when(approve({ verified: false }))
      .thenFails(
        refusal(
          'invalid',
          'invalid_signature',
          `the signature of ${ADMIN.locator} does not verify against the approval message`,
          { signer: ADMIN.locator },
        ),
      );
  });
});

describe('signer operations: the transaction resource', () => {
  it('shows an operation awaiting its approval in full, with no txId or completion yet', () => {
    const pending = [requested].reduce(signerOperationDecider.evolve, signerOperationDecider.initialState());
    expect(pending && toSignerTransactionResource(pending)).toStrictEqual({
      id: 'op-1',
      type: 'add-signer',
      chainType: 'solana',
      walletType: 'smart',
      status: 'awaiting-approval',
      params: { chain: 'solana', delegatedSigner: DELEGATE },
      onChain: { transaction: 'transaction-base58' },
      approvals: { required: 1, pending: [{ signer: ADMIN, message: 'message-base58' }], submitted: [] },
      createdAt: Date.parse(AT),
    });
  });
});

describe("signer operations: an EVM wallet's resource", () => {
  // An EVM admin signs the digest itself: there is no transaction to show before approval.
  it('has no transaction key before approval when the operation has no on-chain transaction', () => {
    const { onChainTransaction: _none, ...evmOperation } = { ...operation, chainType: 'evm' as const };
    const pending = [{ type: 'SignerOperationRequested' as const, data: evmOperation }].reduce(
      signerOperationDecider.evolve,
      signerOperationDecider.initialState(),
    );
    expect(pending && toSignerTransactionResource(pending).onChain).toStrictEqual({});
  });
});

describe('signerOperationStreamName', () => {
  // Stream names are stored: renaming one would orphan every signer operation already recorded.
  it('keeps each signer operation in its own stream, walletsignerop-<id>', () => {
    expect(signerOperationStreamName('op-1')).toBe('walletsignerop-op-1');
  });
});
