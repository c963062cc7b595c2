import { Module, type OnModuleInit } from '@nestjs/common';
import { reconciliationProjection } from '@paykit/reconciliation';
import { CardIssuingModule } from '../card-issuing/card-issuing.module.js';
import { SignedCursors } from '../http/pagination/signed-cursors.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { AppSecrets } from '../infrastructure/secrets/app-secrets.js';
import { WalletsModule } from '../wallets/wallets.module.js';
import { CardAuthorizationObserver } from './card-authorization-observer.js';
import { DepositObserver } from './deposit-observer.js';
import { incomingTransferFeedProvider } from './incoming-transfer-feed.provider.js';
import { GetReconciliationReportHandler } from './read/get-reconciliation-report.handler.js';
import { ListReconciliationDepositsHandler } from './read/list-reconciliation-deposits.handler.js';
import { ListReconciliationExceptionsHandler } from './read/list-reconciliation-exceptions.handler.js';
import { ReconciliationController } from './reconciliation.controller.js';
import { ReconciliationReports } from './reconciliation-reports.js';

/**
 * Reports for operators (scope reports.read): reconciliation of offramp payouts and onramp
 * sales and agent card spend from the reconciliation projection, fed by order and run events, by
 * the deposit observer watching the deposit addresses on chain, and by the card authorization
 * observer following the card issuer.
 */
@Module({
  imports: [WalletsModule, CardIssuingModule],
  controllers: [ReconciliationController],
  providers: [
    ReconciliationReports,
    {
      provide: SignedCursors,
      useFactory: (secrets: AppSecrets) => new SignedCursors(() => secrets.derive('reports:cursors')),
      inject: [AppSecrets],
    },
    incomingTransferFeedProvider,
    DepositObserver,
    CardAuthorizationObserver,
    GetReconciliationReportHandler,
    ListReconciliationExceptionsHandler,
    ListReconciliationDepositsHandler,
  ],
  exports: [ReconciliationReports, DepositObserver, CardAuthorizationObserver],
})
export class ReportsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionsHost) {}

  onModuleInit(): void {
    this.projections.register(reconciliationProjection);
  }
}
