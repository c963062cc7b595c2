import type { BuyerProfile as BuyerProfileResponse } from '@paykit/contracts';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';
import { type KeysetPosition, KeysetReader, type ReadDirection } from '../../http/pagination/newest-first-page.js';
import type { OwnerList } from '../shared/owner-lists.js';
import type { Owner } from '../shared/owner.js';
import { BUYER_PROFILE_STREAM_PREFIX, type BuyerProfileDetails } from '@paykit/agent-profiles';
import type { StoredBuyerProfileEvent, StoredDetails } from './sealed-details.js';

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

/** A profile as its row keeps it. */
export interface StoredProfileRow extends KeysetPosition {
  readonly updatedAt: string;
  readonly stored: StoredDetails;
}

/** The details column: the sealed text (a JSON string) or, for what was written before data keys, the details. */
const detailsColumn = (stored: StoredDetails): string =>
  JSON.stringify('sealedDetails' in stored ? stored.sealedDetails : stored.details);

const storedOf = (column: string): StoredDetails => {
  const value = JSON.parse(column) as string | BuyerProfileDetails;
  return typeof value === 'string' ? { sealedDetails: value } : { details: value };
};

/**
 * Live buyer profiles per owner, newest first; deleted ones leave the list. The details stay
 * sealed here as in the events (docs/adr/0509): the list opens them with each profile's key.
 */
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
    const event = { type: recorded.type, data: recorded.data } as StoredBuyerProfileEvent;
    switch (event.type) {
      case 'BuyerProfileCreated': {
        const { profileId, projectId, owner, createdAt } = event.data;
        statements.insert.run({ id: profileId, projectId, owner, createdAt, details: detailsColumn(event.data) });
        return;
      }
      case 'BuyerProfileUpdated': {
        const { profileId, updatedAt } = event.data;
        statements.update.run({ id: profileId, updatedAt, details: detailsColumn(event.data) });
        return;
      }
      case 'BuyerProfileDeleted':
        statements.remove.run(event.data.profileId);
        return;
    }
  },
});

/** One owner's live buyer profiles, newest first, their details as stored. */
export class BuyerProfileRows implements OwnerList<StoredProfileRow> {
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

  page(owner: Owner, after: KeysetPosition | null, count: number, direction?: ReadDirection): StoredProfileRow[] {
    return this.reader
      .read({ projectId: owner.projectId, subject: owner.subject }, after, count, direction)
      .map(({ id, createdAt, updatedAt, details }) => ({ id, createdAt, updatedAt, stored: storedOf(details) }));
  }
}
