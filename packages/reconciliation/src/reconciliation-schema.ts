/**
 * The reconciliation read model. Amounts are exact decimal strings (TEXT): SQLite's numbers are
 * floats, so sums are kept by `recon_decimal_add`, a function the projection registers on its
 * connection (see reconciliation-statements.ts). Timestamps are UTC ISO strings with
 * milliseconds, so they compare as text; days are `YYYY-MM-DD` (UTC).
 */
export const RECONCILIATION_TABLES = [
  'recon_groups',
  'recon_orders',
  'recon_daily',
  'recon_deposits',
  'recon_exceptions',
  'recon_deposit_addresses',
  'recon_agent_cards',
  'recon_card_authorizations',
] as const;

export const RECONCILIATION_SCHEMA = `
  -- A project's orders of one kind, payment method, chain and currency: the rows of the report.
  CREATE TABLE IF NOT EXISTS recon_groups (
    group_id INTEGER PRIMARY KEY,
    project_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    payment_method TEXT NOT NULL,
    chain TEXT NOT NULL,
    currency TEXT NOT NULL,
    payout_currency TEXT NOT NULL,
    UNIQUE (project_id, kind, payment_method, chain, currency, payout_currency)
  ) STRICT;

  -- One row per order: what later events need to find their day bucket and detect exceptions.
  CREATE TABLE IF NOT EXISTS recon_orders (
    order_id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    group_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    chain TEXT NOT NULL,
    currency TEXT NOT NULL,
    created_day TEXT NOT NULL,
    quoted_amount TEXT NOT NULL,
    fees TEXT NOT NULL,
    deposit_address TEXT,
    memo TEXT,
    paid_at TEXT,
    refunded INTEGER NOT NULL DEFAULT 0,
    -- Paid and waiting for delivery since (cleared by delivery, refund, or an offramp payout starting).
    undelivered_since TEXT,
    -- Offramp payout sent and not yet settled or failed since.
    payout_pending_since TEXT,
    -- JSON array of completed deliveries, "<lineItemIndex>:<deliveryId>".
    deliveries TEXT NOT NULL DEFAULT '[]'
  ) STRICT;
  CREATE INDEX IF NOT EXISTS recon_orders_by_memo ON recon_orders (memo) WHERE memo IS NOT NULL;
  CREATE INDEX IF NOT EXISTS recon_orders_undelivered
    ON recon_orders (project_id, undelivered_since) WHERE undelivered_since IS NOT NULL;
  CREATE INDEX IF NOT EXISTS recon_orders_undelivered_all
    ON recon_orders (undelivered_since) WHERE undelivered_since IS NOT NULL;
  CREATE INDEX IF NOT EXISTS recon_orders_payout_pending
    ON recon_orders (project_id, payout_pending_since) WHERE payout_pending_since IS NOT NULL;
  CREATE INDEX IF NOT EXISTS recon_orders_payout_pending_all
    ON recon_orders (payout_pending_since) WHERE payout_pending_since IS NOT NULL;

  -- Per group and day: what happened that day (each flow on the day it happened).
  CREATE TABLE IF NOT EXISTS recon_daily (
    group_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    orders INTEGER NOT NULL,
    quoted_amount TEXT NOT NULL,
    payments INTEGER NOT NULL,
    received_amount TEXT NOT NULL,
    fees TEXT NOT NULL,
    deliveries_started INTEGER NOT NULL,
    deliveries_completed INTEGER NOT NULL,
    deliveries_failed INTEGER NOT NULL,
    payout_sent_amount TEXT NOT NULL,
    payout_settled_amount TEXT NOT NULL,
    refunds INTEGER NOT NULL,
    refunded_amount TEXT NOT NULL,
    PRIMARY KEY (group_id, day)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS recon_daily_by_day ON recon_daily (day);

  -- Deposits received on chain, one row per project and transaction, from the order's record
  -- of its payment and/or the observer's sight of the chain.
  CREATE TABLE IF NOT EXISTS recon_deposits (
    project_id TEXT NOT NULL,
    chain TEXT NOT NULL,
    tx_id TEXT NOT NULL,
    day TEXT NOT NULL,
    seq INTEGER NOT NULL,
    order_id TEXT,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    memo TEXT,
    recorded INTEGER NOT NULL,
    observed INTEGER NOT NULL,
    PRIMARY KEY (project_id, chain, tx_id)
  ) STRICT;
  CREATE INDEX IF NOT EXISTS recon_deposits_by_day ON recon_deposits (project_id, day, seq);
  CREATE INDEX IF NOT EXISTS recon_deposits_by_day_all ON recon_deposits (day, seq);

  -- Exceptions an event proves (the time-based ones are read from recon_orders at query time).
  CREATE TABLE IF NOT EXISTS recon_exceptions (
    project_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    day TEXT NOT NULL,
    seq INTEGER NOT NULL,
    order_id TEXT,
    chain TEXT,
    tx_id TEXT,
    details TEXT NOT NULL,
    PRIMARY KEY (project_id, kind, subject)
  ) STRICT;
  CREATE INDEX IF NOT EXISTS recon_exceptions_by_day ON recon_exceptions (project_id, day, seq);
  CREATE INDEX IF NOT EXISTS recon_exceptions_by_day_all ON recon_exceptions (day, seq);

  -- The deposit addresses offramp orders named: what the deposit observer watches.
  CREATE TABLE IF NOT EXISTS recon_deposit_addresses (
    chain TEXT NOT NULL,
    address_key TEXT NOT NULL,
    project_id TEXT NOT NULL,
    address TEXT NOT NULL,
    PRIMARY KEY (chain, address_key, project_id)
  ) STRICT;

  -- The virtual cards runs recorded (docs/adr/0226): what an issuer's authorization is matched to.
  CREATE TABLE IF NOT EXISTS recon_agent_cards (
    card_id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    run_id TEXT NOT NULL,
    last4 TEXT NOT NULL,
    cap TEXT NOT NULL,
    currency TEXT NOT NULL
  ) STRICT;

  -- Every authorization the card issuer decided, as the card observer saw it.
  CREATE TABLE IF NOT EXISTS recon_card_authorizations (
    authorization_id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    card_id TEXT NOT NULL,
    day TEXT NOT NULL,
    seq INTEGER NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    approved INTEGER NOT NULL,
    decline_code TEXT,
    merchant_url TEXT NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS recon_card_authorizations_by_card ON recon_card_authorizations (card_id);
  CREATE INDEX IF NOT EXISTS recon_card_authorizations_by_day ON recon_card_authorizations (project_id, day, seq);
  CREATE INDEX IF NOT EXISTS recon_card_authorizations_by_day_all ON recon_card_authorizations (day, seq);
`;
