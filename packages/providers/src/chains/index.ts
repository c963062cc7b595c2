// The port every chain adapter implements, and what callers share around it.
export * from './chain-gateway.js';
export * from './chain-errors.js';
export { networkFinalityOf, sandboxFinalityOf } from './finality.js';
export * from './deposit-verification.js';
export * from './incoming-transfer-feed.js';
export { EVM_MEMO_TAG, evmMemoTrailer, evmTransferCallOf, decodeEvmTransfer } from './evm/evm-transfer-call.js';
export * from './transfer-payload.js';

// The sandbox ledger (the staging default).
export {
  SandboxChainGateway,
  type SandboxChainGatewayOptions,
  type ChainTiming,
} from './sandbox/sandbox-chain-gateway.js';
export type { LedgerTransaction } from './sandbox/ledger-transaction.js';
export { sandboxChainStream } from './sandbox/ledger-streams.js';
export { legacyJournalPath, readLegacyJournal } from './sandbox/legacy-journal.js';
export { sandboxRevertingRecipientOf, sandboxFaucetAddressOf } from './sandbox/sandbox-chain-params.js';

// The EVM JSON-RPC adapter (viem).
export { EvmJsonRpcGateway, type EvmJsonRpcGatewayOptions } from './evm/evm-json-rpc-gateway.js';
export type { EvmChainEndpoint } from './evm/evm-chain.js';

// The Solana JSON-RPC adapter (@solana/kit).
export { SolanaRpcGateway, type SolanaRpcGatewayOptions } from './solana/solana-rpc-gateway.js';
export type { SolanaChainEndpoint } from './solana/solana-chain.js';

// The Stellar Horizon, Aptos fullnode and Sui JSON-RPC adapters: types only, so that their SDKs load only
// where createChainGateway is configured for them (tests import the classes from their modules).
export type { StellarHorizonGateway, StellarHorizonGatewayOptions } from './stellar/stellar-horizon-gateway.js';
export type { StellarChainEndpoint } from './stellar/stellar-chain.js';
export type { AptosNodeGateway, AptosNodeGatewayOptions } from './aptos/aptos-node-gateway.js';
export type { AptosChainEndpoint } from './aptos/aptos-chain.js';
export type { SuiRpcGateway, SuiRpcGatewayOptions } from './sui/sui-rpc-gateway.js';
export type { SuiChainEndpoint } from './sui/sui-chain.js';

// Choosing the adapter per chain.
export { createChainGateway, parseEvmRpcUrls, type ChainGatewayConfig } from './create-chain-gateway.js';
export { RoutingChainGateway, type ChainAdapterName } from './routing-chain-gateway.js';
