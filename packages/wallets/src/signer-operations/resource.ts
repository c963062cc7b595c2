import type { ChainType } from '../chains/chain-type.js';
import type { SignatureSigner } from '../signature-requests/model.js';
import type { SignerOperation, SignerOperationKind } from './model.js';

/** A signer operation as a wallet transaction, in the shape the public SDK reads transactions in. */
export interface SignerTransactionResource {
  readonly id: string;
  readonly type: SignerOperationKind;
  readonly chainType: ChainType;
  readonly walletType: 'smart';
  readonly status: 'awaiting-approval' | 'success';
  readonly params: { readonly chain: string; readonly delegatedSigner: string };
  readonly onChain: { readonly transaction?: string; readonly txId?: string };
  readonly approvals: {
    readonly required: number;
    readonly pending: readonly { readonly signer: SignatureSigner; readonly message: string }[];
    readonly submitted: readonly {
      readonly signer: SignatureSigner;
      readonly message: string;
      readonly signature?: string;
      readonly submittedAt: number;
    }[];
  };
  /** Epoch milliseconds, like the transfer transaction resource. */
  readonly createdAt: number;
  readonly completedAt?: number;
}

export const toSignerTransactionResource = (operation: SignerOperation): SignerTransactionResource => {
  const { approver, approval, approvalMessage } = operation;
  return {
    id: operation.operationId,
    type: operation.kind,
    chainType: operation.chainType,
    walletType: 'smart',
    status: approval === undefined ? 'awaiting-approval' : 'success',
    params: { chain: operation.chain, delegatedSigner: operation.signer },
    onChain: {
      ...(operation.onChainTransaction !== undefined && { transaction: operation.onChainTransaction }),
      ...(operation.txId !== undefined && { txId: operation.txId }),
    },
    approvals: {
      required: 1,
      pending: approval === undefined ? [{ signer: approver, message: approvalMessage }] : [],
      submitted:
        approval === undefined
          ? []
          : [
              {
                signer: approver,
                message: approvalMessage,
                ...(approval.signature !== undefined && { signature: approval.signature }),
                submittedAt: Date.parse(approval.submittedAt),
              },
            ],
    },
    createdAt: Date.parse(operation.createdAt),
    ...(operation.completedAt !== undefined && { completedAt: Date.parse(operation.completedAt) }),
  };
};
