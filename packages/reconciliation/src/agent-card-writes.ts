import type BetterSqlite3 from 'better-sqlite3';
import type { ReadModelDatabase } from '@paykit/projections';

/** A virtual card a run recorded (CheckoutRunCardIssued). */
export interface AgentCardRecord {
  readonly projectId: string;
  readonly cardId: string;
  readonly runId: string;
  readonly last4: string;
  readonly cap: string;
  readonly currency: string;
}

/** An authorization the issuer decided, as the card observer recorded it. */
export interface CardAuthorizationRecord {
  readonly projectId: string;
  readonly authorizationId: string;
  readonly cardId: string;
  readonly day: string;
  readonly seq: bigint;
  readonly amount: string;
  readonly currency: string;
  readonly approved: boolean;
  readonly declineCode: string | null;
  readonly merchantUrl: string;
}

type Statement = BetterSqlite3.Statement<unknown[]>;

/** The agent card tables of the reconciliation projection (see reconciliation-schema.ts). */
export class AgentCardWrites {
  private readonly insertCard: Statement;
  private readonly insertAuthorization: Statement;
  private readonly cardExists: Statement;
  private readonly authorizationsOfCard: Statement;

  constructor(db: ReadModelDatabase) {
    this.insertCard = db.prepare<unknown[]>(
      `INSERT OR IGNORE INTO recon_agent_cards (card_id, project_id, run_id, last4, cap, currency)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.insertAuthorization = db.prepare<unknown[]>(
      `INSERT OR IGNORE INTO recon_card_authorizations
         (authorization_id, project_id, card_id, day, seq, amount, currency, approved, decline_code, merchant_url)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.cardExists = db.prepare<unknown[]>('SELECT 1 FROM recon_agent_cards WHERE card_id = ?');
    this.authorizationsOfCard = db.prepare<unknown[]>(
      'SELECT project_id, authorization_id FROM recon_card_authorizations WHERE card_id = ?',
    );
  }

  recordCard(card: AgentCardRecord): void {
    this.insertCard.run(card.cardId, card.projectId, card.runId, card.last4, card.cap, card.currency);
  }

  /** False when it was recorded before. */
  recordAuthorization(record: CardAuthorizationRecord): boolean {
    const { projectId, authorizationId, cardId, day, seq, amount, currency, declineCode, merchantUrl } = record;
    return (
      this.insertAuthorization.run(
        authorizationId,
        projectId,
        cardId,
        day,
        seq,
        amount,
        currency,
        record.approved ? 1 : 0,
        declineCode,
        merchantUrl,
      ).changes > 0
    );
  }

  hasCard(cardId: string): boolean {
    return this.cardExists.get(cardId) !== undefined;
  }

  authorizationsOf(cardId: string): { readonly projectId: string; readonly authorizationId: string }[] {
    return (this.authorizationsOfCard.all(cardId) as { project_id: string; authorization_id: string }[]).map((row) => ({
      projectId: row.project_id,
      authorizationId: row.authorization_id,
    }));
  }
}
