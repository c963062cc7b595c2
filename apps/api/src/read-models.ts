import type { Projection } from '@paykit/projections';
import { reconciliationProjection } from '@paykit/reconciliation';
import { browserProfilesProjection } from './agent-checkouts/browser-profiles/browser-profiles.projection.js';
import { buyerProfilesProjection } from './agent-checkouts/buyer-profiles/buyer-profiles.projection.js';
import { runsProjection } from './agent-checkouts/runs/runs.projection.js';
import { orderPurchasesProjection } from './orders/limits/purchases.projection.js';
import { ordersListProjection } from './orders/list/orders-list.projection.js';
import { ordersUnderWayProjection } from './orders/progress/orders-under-way.projection.js';
import { paymentMethodsProjection } from './payment-methods/payment-methods.projection.js';
import { transfersProjection } from './wallets/transactions/transfers.projection.js';
import { walletsProjection } from './wallets/directory/wallets.projection.js';
import { webhookEventsProjection } from './webhooks/events/webhook-events.projection.js';

/**
 * The composition root's catalogue of every projection the API keeps in `read-models.db`: what `pnpm cli projections status|rebuild`
 * works on, importable without booting Nest (`@paykit/api/read-models`). Modules still register
 * their own projections with ProjectionsHost; a test checks this list and those registrations
 * agree, so a new projection must be added here too. The webhooks outbox is not here: it lives
 * in its own database and is never rebuilt (that would send history again).
 */
export const readModelProjections = (): readonly Projection[] => [
  walletsProjection,
  transfersProjection,
  runsProjection,
  buyerProfilesProjection,
  browserProfilesProjection,
  paymentMethodsProjection,
  ordersListProjection,
  orderPurchasesProjection,
  ordersUnderWayProjection,
  reconciliationProjection,
  webhookEventsProjection,
];
