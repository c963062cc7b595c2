// The Transfer aggregate: model, commands, events, decider.
export * from './transfer/chain.js';
export * from './transfer/model.js';
export * from './transfer/commands.js';
export * from './transfer/events.js';
export * from './transfer/status.js';
export { transferErrors } from './transfer/errors.js';
export { evolve as evolveTransfer } from './transfer/evolve.js';
export { decide as decideTransfer } from './transfer/decide/decide.js';
export { DEFAULT_APPROVAL_WINDOW_SECONDS } from './transfer/decide/create.js';
export * from './transfer/decider.js';

// Amounts, memos, the call a transfer executes and what approvers sign.
export * from './amount/amount.js';
export * from './memo/memo.js';
export * from './memo/evm-memo-trailer.js';
export * from './call/contract-call.js';
export * from './call/erc20.js';
export { evmTransactionOf, type EvmTransaction, type EvmTransactionInput } from './call/evm-call.js';
export * from './call/transfer-call.js';
export * from './approvals/approval-message.js';
export { quorumLocatorOf, pendingSignerLocators, approvalsComplete, quorumSignerOf } from './approvals/quorum.js';

// The resource and the webhook directions.
export * from './resource/transfer-resource.js';
export * from './resource/to-transfer-resource.js';
export * from './directions/directions.js';
