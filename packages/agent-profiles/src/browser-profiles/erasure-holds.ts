/** A reservation whose run never appeared (its creation failed) stops holding the erasure after this. */
export const ABANDONED_RESERVATION_MS = 5 * 60_000;

/** What is known of the run a profile was reserved for. */
export type ReservedRun = 'unfinished' | 'finished' | 'missing';

/**
 * Whether a reservation still holds the erasure of a deleted profile's saved state: its run may
 * still be working, or (not there yet) about to start.
 */
export const holdsErasure = (reservation: { readonly reservedAt: string }, run: ReservedRun, now: Date): boolean =>
  run === 'missing'
    ? now.getTime() - Date.parse(reservation.reservedAt) < ABANDONED_RESERVATION_MS
    : run === 'unfinished';
