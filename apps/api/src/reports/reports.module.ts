import { Module, type OnModuleInit } from '@nestjs/common';
import { reconciliationProjection } from '@paykit/reconciliation';
import { SignedCursors } from '../http/pagination/signed-cursors.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { AppSecrets } from '../infrastructure/secrets/app-secrets.js';
import { WalletsModule } from '../wallets/wallets.module.js';
import { DepositObserver } from './deposit-observer.js';
import { incomingTransferFeedProvider } from './incoming-transfer-feed.provider.js';
import { GetReconciliationReportHandler } from './read/get-reconciliation-report.handler.js';
import { ListReconciliationDepositsHandler } from './read/list-reconciliation-deposits.handler.js';
import { ListReconciliationExceptionsHandler } from './read/list-reconciliation-exceptions.handler.js';
import { ReconciliationController } from './reconciliation.controller.js';
import { ReconciliationReports } from './reconciliation-reports.js';

/**
 * Reports for operators (scope reports.read): reconciliation of offramp payouts and onramp
 * sales from the reconciliation projection, fed by order events and by the deposit observer
 * watching the deposit addresses on chain.
 */
@Module({
  imports: [WalletsModule],
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
    GetReconciliationReportHandler,
    ListReconciliationExceptionsHandler,
    ListReconciliationDepositsHandler,
  ],
  exports: [ReconciliationReports, DepositObserver],
})
export class ReportsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionsHost) {}

  onModuleInit(): void {
    this.projections.register(reconciliationProjection);
  }
}
