import { type BuyerProfileDetails, type BuyerProfileEvent, buyerProfileStreamName } from '@paykit/agent-profiles';
import type { DataKey } from '../../infrastructure/secrets/erasable-keys.js';

/**
 * A profile's details as its events and read-model row keep them (docs/adr/0509): sealed under
 * the profile's data key; in clear only in what was written before data keys existed.
 */
export type StoredDetails = { readonly sealedDetails: string } | { readonly details: BuyerProfileDetails };

type Stored<Event> = Event extends { type: infer Type; data: infer Data extends { details: BuyerProfileDetails } }
  ? { readonly type: Type; readonly data: Omit<Data, 'details'> & StoredDetails }
  : Event;

/** The profile's events as stored. */
export type StoredBuyerProfileEvent = Stored<BuyerProfileEvent>;

/**
 * What the details of a profile whose data key is erased read as: nothing. A profile holding
 * them is gone for every reader (buyer-profiles.ts), so they are never shown.
 */
export const ERASED_DETAILS: BuyerProfileDetails = Object.freeze({
  shipping: Object.freeze({ addressLines: [], locality: '', countryCode: '' }),
});

/** The owner name of a profile's data key (ErasableKeys). */
export const dataKeyOwnerOf = (profileId: string): string => buyerProfileStreamName(profileId);

const boundTo = (profileId: string) => `${buyerProfileStreamName(profileId)}/details`;

export const sealDetails = (key: DataKey, profileId: string, details: BuyerProfileDetails): StoredDetails => ({
  sealedDetails: key.seal(details, boundTo(profileId)),
});

/** The details in clear; ERASED_DETAILS when they were sealed under a key that is gone. */
export const openDetails = (key: DataKey | null, profileId: string, stored: StoredDetails): BuyerProfileDetails => {
  if ('details' in stored) return stored.details;
  return key ? key.open<BuyerProfileDetails>(stored.sealedDetails, boundTo(profileId)) : ERASED_DETAILS;
};
