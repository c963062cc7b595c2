/** How far ahead issuers print expiry dates; a later year is a typing mistake. */
const MAX_YEARS_AHEAD = 20;

/** Two-digit years (`27`) are this century's. */
export const fullExpiryYear = (year: number): number => (year < 100 ? 2000 + year : year);

export const isValidExpiryMonth = (month: number): boolean => Number.isInteger(month) && month >= 1 && month <= 12;

/** A card is good through the last moment of its expiry month (UTC). */
export const isExpired = (month: number, year: number, now: Date): boolean =>
  now.getTime() >= Date.UTC(fullExpiryYear(year), month, 1);

export const isTooFarAhead = (year: number, now: Date): boolean =>
  fullExpiryYear(year) > now.getUTCFullYear() + MAX_YEARS_AHEAD;
