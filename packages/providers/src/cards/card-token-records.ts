import { invalid, type DomainError } from '@paykit/kernel';
import type { RecordedEvent } from '@paykit/event-store';
import { sha256Hex } from '../state/derived-ids.js';
import type { ProviderStreams } from '../state/provider-streams.js';
import type { CardToken, CardTokenOwner } from './card-vault-port.js';
import type { SandboxCardBehaviour } from './test-cards.js';

/** The vault's record of a token (see SandboxCardVault), named by its hash: a token is what a charge is made with. */
export const cardTokenStream = (token: string): string => `sandboxCardToken-${sha256Hex(token)}`;

export const CARD_TOKENIZED = 'SandboxCardTokenized';
/** The token's one use, appended to its stream at the revision of `SandboxCardTokenized`: the claim. */
export const CARD_TOKEN_USED = 'SandboxCardTokenUsed';

/** What the sandbox processor knows of a token when it is charged. */
export interface VaultedCard extends CardToken {
  readonly behaviour: SandboxCardBehaviour;
  /** Whom it was made for; tokens vaulted before owners were kept have none and pay no account's charge. */
  readonly owner?: CardTokenOwner;
}

/** A token's stream: the card, the charge that used it (if one did), and the revision a claim expects. */
export interface TokenRecord {
  readonly card: VaultedCard;
  readonly usedBy?: string;
  readonly revision: bigint;
}

export const foldToken = (
  streams: ProviderStreams,
  stream: string,
  events: readonly RecordedEvent[],
): TokenRecord | undefined => {
  let record: TokenRecord | undefined;
  for (const event of events) {
    if (event.type === CARD_TOKENIZED) {
      record = { card: streams.open<VaultedCard>(stream, event.data), revision: event.revision };
    } else if (record && event.type === CARD_TOKEN_USED) {
      const { chargeId } = streams.open<{ chargeId: string }>(stream, event.data);
      record = { ...record, usedBy: record.usedBy ?? chargeId, revision: event.revision };
    }
  }
  return record;
};

/**
 * What a charge may do with a token: `free` to claim it, `held` when this charge already did
 * (a retry of the same charge), or why not. Another account's token, or one made for another
 * customer, is `unknown`, as a token that never existed: the answer tells nothing of it.
 */
export type TokenUse = 'free' | 'held' | 'unknown' | 'used' | 'expired';

const ownedBy = (card: VaultedCard, owner: CardTokenOwner | undefined): boolean => {
  if (card.owner?.account !== owner?.account) return false;
  const made = card.owner?.customer;
  const paying = owner?.customer;
  return made === undefined || paying === undefined || made === paying;
};

export const tokenUseOf = (
  record: TokenRecord,
  owner: CardTokenOwner | undefined,
  chargeId: string,
  now: Date,
): TokenUse => {
  if (!ownedBy(record.card, owner)) return 'unknown';
  if (record.usedBy !== undefined) return record.usedBy === chargeId ? 'held' : 'used';
  // A record without an expiry (vaulted before tokens expired) parses to NaN: expired.
  return now.getTime() < Date.parse(record.card.expiresAt) ? 'free' : 'expired';
};

export const tokenRefusal = (use: 'unknown' | 'used' | 'expired'): DomainError => {
  switch (use) {
    case 'unknown':
      return invalid('card_token_invalid', 'the card token is not known to the processor');
    case 'used':
      return invalid('card_token_used', 'the card token was already used for a charge; tokenize the card again');
    case 'expired':
      return invalid('card_token_expired', 'the card token has expired; tokenize the card again');
  }
};
