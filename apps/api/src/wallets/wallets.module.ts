import { Module, type OnModuleInit } from '@nestjs/common';
import { EffectLedger } from '../infrastructure/effects/effect-ledger.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { ActivityController } from './activity/activity.controller.js';
import { ListWalletActivityHandler } from './activity/list-activity.handler.js';
import { BalancesController } from './balances/balances.controller.js';
import { FundWalletHandler } from './balances/fund-wallet.handler.js';
import { GetBalancesHandler } from './balances/get-balances.handler.js';
import { CreateWalletController } from './create/create-wallet.controller.js';
import { CreateWalletHandler } from './create/create-wallet.handler.js';
import { CreationKeys } from './create/creation-keys.js';
import { PregenerateWalletHandler } from './create/pregenerate-wallet.handler.js';
import { WalletWrites } from './create/wallet-writes.js';
import { AddressClaims } from './directory/address-claims.js';
import { WalletAddresses } from './directory/wallet-addresses.js';
import { WalletDirectory } from './directory/wallet-directory.js';
import { WalletResolver } from './directory/wallet-resolver.js';
import { walletsProjection } from './directory/wallets.projection.js';
import { TransferExecutor } from './execution/transfer-executor.js';
import { TransferStep } from './execution/transfer-step.js';
import { chainGatewayProvider } from './gateway/chain-gateway.provider.js';
import { CHAIN_GATEWAY } from './gateway/chain-gateway.token.js';
import { ApprovalVerifier } from './approvals/approval-verifier.js';
import { ListWalletsController } from './list/list-wallets.controller.js';
import { ListWalletsHandler } from './list/list-wallets.handler.js';
import { WalletListReadModel } from './list/wallet-list.read-model.js';
import { ListNftsHandler } from './nfts/list-nfts.handler.js';
import { NftsController } from './nfts/nfts.controller.js';
import { GetWalletController } from './read/get-wallet.controller.js';
import { GetWalletHandler } from './read/get-wallet.handler.js';
import { WalletSecrets } from './secrets/wallet-secrets.js';
import { ApproveSignatureHandler } from './signatures/approve-signature.handler.js';
import { CreateSignatureHandler } from './signatures/create-signature.handler.js';
import { GetSignatureHandler } from './signatures/get-signature.handler.js';
import { ServiceSigner } from './signatures/service-signer.js';
import { SignaturesController } from './signatures/signatures.controller.js';
import { GetSignerHandler } from './signers/get-signer.handler.js';
import { RegisterSignerHandler } from './signers/register-signer.handler.js';
import { RemoveSignerHandler } from './signers/remove-signer.handler.js';
import { SignerAuthority } from './signers/signer-authority.js';
import { SignerOperations } from './signers/signer-operations.js';
import { ApproveSignerTransactionHandler, GetSignerTransactionHandler } from './signers/signer-transaction.handlers.js';
import { SignerRegistrations } from './signers/signer-registrations.js';
import { SignerStatuses } from './signers/signer-statuses.js';
import { SignersController } from './signers/signers.controller.js';
import { ListTransactionsHandler } from './transactions/list-transactions.handler.js';
import { SendTransactionHandler } from './transactions/send-transaction.handler.js';
import { TransactionsController } from './transactions/transactions.controller.js';
import { TransferRecords } from './transactions/transfer-records.js';
import { DelegatedSpends } from './transfers/delegated-spends.js';
import { transfersProjection } from './transactions/transfers.projection.js';
import { ApproveTransferHandler } from './transfers/approve-transfer.handler.js';
import { CreateTransferHandler } from './transfers/create-transfer.handler.js';
import { GetTransferHandler } from './transfers/get-transfer.handler.js';
import { TransfersController } from './transfers/transfers.controller.js';

/**
 * Wallets and transfers (spec endpoints 2 and 8, COMPAT.md "Wallets"): create and read wallets
 * on five chain families, balances and the staging faucet, transfers with approvals, and the
 * worker that executes approved transfers through the chain gateway. Every route is a command
 * or a query on the buses (ADR 0022).
 */
@Module({
  controllers: [
    CreateWalletController,
    ListWalletsController,
    TransactionsController,
    TransfersController,
    BalancesController,
    GetWalletController,
    SignaturesController,
    SignersController,
    ActivityController,
    NftsController,
  ],
  providers: [
    // What several handlers share: secrets, the gateway, the wallet directory, the read models.
    WalletSecrets,
    chainGatewayProvider,
    AddressClaims,
    WalletDirectory,
    WalletAddresses,
    WalletResolver,
    CreationKeys,
    WalletWrites,
    WalletListReadModel,
    TransferRecords,
    DelegatedSpends,
    ServiceSigner,
    SignerRegistrations,
    SignerStatuses,
    SignerOperations,
    SignerAuthority,
    ApprovalVerifier,
    // The transfer executor (a process manager on the store's subscription).
    EffectLedger,
    TransferStep,
    TransferExecutor,
    // Commands and queries.
    CreateWalletHandler,
    PregenerateWalletHandler,
    ListWalletsHandler,
    GetWalletHandler,
    GetBalancesHandler,
    FundWalletHandler,
    CreateTransferHandler,
    GetTransferHandler,
    ApproveTransferHandler,
    ListTransactionsHandler,
    SendTransactionHandler,
    CreateSignatureHandler,
    GetSignatureHandler,
    ApproveSignatureHandler,
    RegisterSignerHandler,
    GetSignerHandler,
    RemoveSignerHandler,
    GetSignerTransactionHandler,
    ApproveSignerTransactionHandler,
    ListWalletActivityHandler,
    ListNftsHandler,
  ],
  // For other areas: the app's one chain gateway (one sandbox ledger per process), and wallet lookups.
  exports: [CHAIN_GATEWAY, WalletResolver, WalletAddresses, WalletDirectory],
})
export class WalletsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionsHost) {}

  onModuleInit(): void {
    this.projections.register(walletsProjection, transfersProjection);
  }
}
