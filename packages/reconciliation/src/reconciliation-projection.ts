import { defineProjection } from '@paykit/projections';
import { AGENT_CARD_AUTHORIZATION_OBSERVED } from './agent-card-authorization-observed.js';
import { applyAgentCardEvent } from './apply-agent-card-event.js';
import { applyDepositObserved } from './apply-deposit-observed.js';
import { applyOrderEvent } from './apply-order-event.js';
import { DEPOSIT_OBSERVED } from './deposit-observed.js';
import { RECONCILIATION_SCHEMA, RECONCILIATION_TABLES } from './reconciliation-schema.js';
import { ReconciliationWrites, prepareReconciliationStatements } from './reconciliation-statements.js';

export const RECONCILIATION_PROJECTION = 'reconciliation';

/**
 * Offramp payouts and onramp sales per day and group, the deposits seen on chain, agent card
 * spend, and the exceptions events prove, folded from order events, deposit observations, the
 * cards runs recorded and the issuer's authorizations the card observer saw.
 */
export const reconciliationProjection = defineProjection<ReconciliationWrites>({
  name: RECONCILIATION_PROJECTION,
  version: 2,
  tables: RECONCILIATION_TABLES,
  schema: RECONCILIATION_SCHEMA,
  statements: (db) => new ReconciliationWrites(db, prepareReconciliationStatements(db)),
  apply: (event, writes) => {
    if (event.type === DEPOSIT_OBSERVED) applyDepositObserved(event, writes);
    else if (event.type.startsWith('Order')) applyOrderEvent(event, writes);
    else if (event.type === AGENT_CARD_AUTHORIZATION_OBSERVED || event.type === 'CheckoutRunCardIssued')
      applyAgentCardEvent(event, writes);
  },
});
