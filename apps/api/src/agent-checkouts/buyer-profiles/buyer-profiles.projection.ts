import type { BuyerProfile as BuyerProfileResponse } from '@paykit/contracts';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';
import { type KeysetPosition, KeysetReader, type ReadDirection } from '../../http/pagination/newest-first-page.js';
import type { OwnerList } from '../shared/owner-lists.js';
import type { Owner } from '../shared/owner.js';
import { BUYER_PROFILE_STREAM_PREFIX, type BuyerProfileDetails, type BuyerProfileEvent } from '@paykit/agent-profiles';

export const BUYER_PROFILES_PROJECTION = 'agent-checkout-buyer-profiles';
const TABLE = 'agent_checkout_buyer_profiles';

interface BuyerProfileRow extends KeysetPosition {
  readonly updatedAt: string;
  readonly details: string;
}

/**
 * The response shape: id first, then the details, then the times. The details passed the
 * contract on their way in, so their country code is one the contract names.
 */
export const presentBuyerProfile = (
  id: string,
  details: BuyerProfileDetails,
  createdAt: string,
  updatedAt: string,
): BuyerProfileResponse => ({ id, ...details, createdAt, updatedAt }) as BuyerProfileResponse;

type Statements = Record<'insert' | 'update' | 'remove', Statement>;

/** Live buyer profiles per owner, newest first; deleted ones leave the list. */
export const buyerProfilesProjection = defineProjection<Statements>({
  name: BUYER_PROFILES_PROJECTION,
  version: 1,
  tables: [TABLE],
  schema: `
    CREATE TABLE IF NOT EXISTS ${TABLE} (
      id TEXT PRIMARY KEY, project_id TEXT NOT NULL, owner TEXT NOT NULL,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL, details TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS ${TABLE}_by_owner ON ${TABLE} (project_id, owner, created_at, id);`,
  statements: (db) => ({
    insert: db.prepare(
      `INSERT OR IGNORE INTO ${TABLE} (id, project_id, owner, created_at, updated_at, details)
       VALUES (@id, @projectId, @owner, @createdAt, @createdAt, @details)`,
    ),
    update: db.prepare(`UPDATE ${TABLE} SET details = @details, updated_at = @updatedAt WHERE id = @id`),
    remove: db.prepare(`DELETE FROM ${TABLE} WHERE id = ?`),
  }),
  apply: (recorded, statements) => {
    if (!recorded.streamName.startsWith(BUYER_PROFILE_STREAM_PREFIX)) return;
    const event = { type: recorded.type, data: recorded.data } as BuyerProfileEvent;
    switch (event.type) {
      case 'BuyerProfileCreated': {
        const { profileId, projectId, owner, createdAt, details } = event.data;
        statements.insert.run({ id: profileId, projectId, owner, createdAt, details: JSON.stringify(details) });
        return;
      }
      case 'BuyerProfileUpdated': {
        const { profileId, updatedAt, details } = event.data;
        statements.update.run({ id: profileId, updatedAt, details: JSON.stringify(details) });
        return;
      }
      case 'BuyerProfileDeleted':
        statements.remove.run(event.data.profileId);
        return;
    }
  },
});

/** One owner's live buyer profiles, newest first. */
export class BuyerProfileRows implements OwnerList<BuyerProfileResponse> {
  readonly name = 'buyer-profiles';
  readonly projection = BUYER_PROFILES_PROJECTION;
  private readonly reader: KeysetReader<BuyerProfileRow>;

  constructor(db: ReadModelDatabase) {
    this.reader = new KeysetReader(db, {
      table: TABLE,
      scope: 'project_id = @projectId AND owner = @subject',
      columns: 'id, created_at AS createdAt, updated_at AS updatedAt, details',
    });
  }

  page(owner: Owner, after: KeysetPosition | null, count: number, direction?: ReadDirection): BuyerProfileResponse[] {
    return this.reader
      .read({ projectId: owner.projectId, subject: owner.subject }, after, count, direction)
      .map((row) =>
        presentBuyerProfile(row.id, JSON.parse(row.details) as BuyerProfileDetails, row.createdAt, row.updatedAt),
      );
  }
}
