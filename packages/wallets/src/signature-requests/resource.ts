import type { SignatureRequest } from './model.js';

export interface SignatureResource {
  readonly id: string;
  readonly type: 'message' | 'typed-data' | 'add-signer';
  readonly chainType: 'evm';
  readonly walletType: 'smart' | 'mpc';
  readonly status: 'awaiting-approval' | 'success';
  readonly params: Readonly<Record<string, unknown>> & {
    readonly signer: { readonly type: string; readonly address: string; readonly locator: string };
    readonly chain: string;
  };
  readonly approvals: {
    readonly required: number;
    readonly pending: readonly { readonly signer: SignatureRequest['signer']; readonly message: string }[];
    readonly submitted: readonly {
      readonly signer: SignatureRequest['signer'];
      readonly message: string;
      readonly signature: string;
      readonly submittedAt: number;
    }[];
  };
  /** Epoch milliseconds, like the transaction resource. */
  readonly createdAt: number;
  readonly completedAt?: number;
  /** The wallet's signature, once every approval is in: ERC-1271 for smart wallets, ECDSA for MPC. */
  readonly outputSignature?: string;
}

/** The public SDK's signature resource (`WalletsSignatureV2025ResponseDto`): one signer appears as itself. */
export const toSignatureResource = (request: SignatureRequest): SignatureResource => {
  const { signer, approval, approvalMessage } = request;
  const needsApproval =
    request.walletType === 'smart' && approval === undefined && request.outputSignature === undefined;
  return {
    id: request.signatureId,
    type: request.type,
    chainType: 'evm',
    walletType: request.walletType,
    status: request.outputSignature === undefined ? 'awaiting-approval' : 'success',
    params: { ...request.params, signer, chain: request.chain },
    approvals: {
      required: approval === undefined && !needsApproval ? 0 : 1,
      pending: needsApproval ? [{ signer, message: approvalMessage }] : [],
      submitted: approval
        ? [
            {
              signer,
              message: approvalMessage,
              signature: approval.signature,
              submittedAt: Date.parse(approval.submittedAt),
            },
          ]
        : [],
    },
    createdAt: Date.parse(request.createdAt),
    ...(request.completedAt !== undefined && { completedAt: Date.parse(request.completedAt) }),
    ...(request.outputSignature !== undefined && { outputSignature: request.outputSignature }),
  };
};
