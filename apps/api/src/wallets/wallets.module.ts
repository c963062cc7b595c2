import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { ActivityController } from './activity/activity.controller.js';
import { ActivityService } from './activity/activity.service.js';
import { BalancesController } from './balances/balances.controller.js';
import { BalancesService } from './balances/balances.service.js';
import { FaucetService } from './balances/faucet.service.js';
import { CreateWalletController } from './create/create-wallet.controller.js';
import { CreateWalletService } from './create/create-wallet.service.js';
import { CreationKeys } from './create/creation-keys.js';
import { AddressClaims } from './directory/address-claims.js';
import { WalletAddresses } from './directory/wallet-addresses.js';
import { WalletRepository } from './directory/wallet-repository.js';
import { WalletResolver } from './directory/wallet-resolver.js';
import { walletsProjection } from './directory/wallets.projection.js';
import { EffectLedger } from '../infrastructure/effects/effect-ledger.js';
import { TransferExecutor } from './execution/transfer-executor.js';
import { TransferStep } from './execution/transfer-step.js';
import { chainGatewayProvider } from './gateway/chain-gateway.provider.js';
import { CHAIN_GATEWAY } from './gateway/chain-gateway.token.js';
import { NftsController } from './nfts/nfts.controller.js';
import { GetWalletController } from './read/get-wallet.controller.js';
import { WalletSecrets } from './secrets/wallet-secrets.js';
import { ServiceSigner } from './signatures/service-signer.js';
import { SignerRegistrations } from './signers/signer-registrations.js';
import { SignersController } from './signers/signers.controller.js';
import { SignersService } from './signers/signers.service.js';
import { WalletSigners } from './signers/wallet-signers.js';
import { SignatureRepository } from './signatures/signature-repository.js';
import { SignaturesController } from './signatures/signatures.controller.js';
import { SignaturesService } from './signatures/signatures.service.js';
import { TransactionsController } from './transactions/transactions.controller.js';
import { SendTransactionService } from './transactions/send-transaction.service.js';
import { TransactionsService } from './transactions/transactions.service.js';
import { TransferRecords } from './transactions/transfer-records.js';
import { transfersProjection } from './transactions/transfers.projection.js';
import { CreateTransferService } from './transfers/create-transfer.service.js';
import { TransferRepository } from './transfers/transfer-repository.js';
import { TransfersController } from './transfers/transfers.controller.js';
import { WalletTransfersService } from './transfers/wallet-transfers.service.js';

/**
 * Wallets and transfers (spec endpoints 2 and 8, COMPAT.md "Wallets"): create and read wallets
 * on five chain families, balances and the staging faucet, transfers with approvals, and the
 * worker that executes approved transfers through the chain gateway.
 */
@Module({
  controllers: [
    CreateWalletController,
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
    WalletSecrets,
    chainGatewayProvider,
    AddressClaims,
    WalletRepository,
    WalletAddresses,
    WalletResolver,
    CreationKeys,
    CreateWalletService,
    TransferRepository,
    TransferRecords,
    CreateTransferService,
    WalletTransfersService,
    TransactionsService,
    BalancesService,
    FaucetService,
    EffectLedger,
    TransferStep,
    TransferExecutor,
    SignatureRepository,
    ServiceSigner,
    SignaturesService,
    SignerRegistrations,
    WalletSigners,
    SignersService,
    SendTransactionService,
    ActivityService,
  ],
  // For other areas: the app's one chain gateway (one sandbox ledger per process), and wallet lookups.
  exports: [CHAIN_GATEWAY, WalletResolver, WalletAddresses, WalletRepository],
})
export class WalletsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionsHost) {}

  onModuleInit(): void {
    this.projections.register(walletsProjection, transfersProjection);
  }
}
