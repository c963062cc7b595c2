import { Module, type OnModuleInit } from '@nestjs/common';
import { EffectLedger } from '../infrastructure/effects/effect-ledger.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { PaymentMethodsModule } from '../payment-methods/payment-methods.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { UsersModule } from '../users/users.module.js';
import { WalletsModule } from '../wallets/wallets.module.js';
import { CardTokensController } from './cards/card-tokens.controller.js';
import { CompleteCardVerificationHandler } from './cards/complete-card-verification.handler.js';
import { RecordCardWebhookHandler } from './cards/record-card-webhook.handler.js';
import { StripeWebhooksController } from './cards/stripe-webhooks.controller.js';
import { TokenizeCardHandler } from './cards/tokenize-card.handler.js';
import { ClientSecrets } from './create/client-secrets.js';
import { CreateOrderController } from './create/create-order.controller.js';
import { CreateOrderHandler } from './create/create-order.handler.js';
import { DepositInstructions } from './create/deposit-instructions.js';
import { QuoteDraftOrderHandler } from './create/draft-order.handler.js';
import { OrderInputs } from './create/order-inputs.js';
import { OrderPricing } from './create/order-pricing.js';
import { RecipientBuyer } from './create/recipient-buyer.js';
import { PurchaseClaims } from './limits/purchase-claims.js';
import { PurchaseLimits } from './limits/purchase-limits.js';
import { orderPurchasesProjection } from './limits/purchases.projection.js';
import { OrderAccess } from './payment/order-access.js';
import { PayOrderByCardHandler } from './payment/pay-by-card.handler.js';
import { PayOrderByDepositHandler } from './payment/pay-by-deposit.handler.js';
import { ProcessPaymentController } from './payment/process-payment.controller.js';
import { Requoting } from './payment/requote.js';
import { RecordPayoutWebhookHandler } from './payouts/record-payout-webhook.handler.js';
import { StripePayoutWebhooksController } from './payouts/stripe-payout-webhooks.controller.js';
import { OfframpPayout } from './progress/offramp-payout.js';
import { OnrampDelivery } from './progress/onramp-delivery.js';
import { OrderWorker } from './progress/order-worker.js';
import { ordersUnderWayProjection } from './progress/orders-under-way.projection.js';
import { PaymentProgress } from './progress/payment-progress.js';
import { orderProviders } from './providers/order-providers.js';
import { OrderSettings } from './providers/order-settings.js';
import { GetOrderController } from './read/get-order.controller.js';
import { GetOrderHandler } from './read/get-order.handler.js';
import { Treasury } from './treasury/treasury.js';

/**
 * Orders (spec endpoints 3-5, issue 5): create (onramp by card, offramp to a saved payout
 * method, drafts), get, process payment (crypto deposit or card token), card tokenization, the
 * card processor's webhooks, and the worker that carries placed orders through identity checks, delivery, payout and refunds.
 * Routes are commands and queries on the buses (ADR 0022); the list route is OrdersListModule's
 * (orders/list/).
 */
@Module({
  imports: [UsersModule, PaymentMethodsModule, TokensModule, WalletsModule],
  controllers: [
    CreateOrderController,
    GetOrderController,
    ProcessPaymentController,
    CardTokensController,
    StripeWebhooksController,
    StripePayoutWebhooksController,
  ],
  providers: [
    ...orderProviders,
    OrderSettings,
    Treasury,
    OrderPricing,
    RecipientBuyer,
    DepositInstructions,
    OrderInputs,
    PurchaseLimits,
    PurchaseClaims,
    ClientSecrets,
    OrderAccess,
    Requoting,
    CreateOrderHandler,
    QuoteDraftOrderHandler,
    GetOrderHandler,
    PayOrderByCardHandler,
    PayOrderByDepositHandler,
    TokenizeCardHandler,
    CompleteCardVerificationHandler,
    RecordCardWebhookHandler,
    RecordPayoutWebhookHandler,
    PaymentProgress,
    OnrampDelivery,
    OfframpPayout,
    OrderWorker,
    EffectLedger,
  ],
})
export class OrdersModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionsHost) {}

  onModuleInit(): void {
    this.projections.register(orderPurchasesProjection, ordersUnderWayProjection);
  }
}
