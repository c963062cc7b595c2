import { ABANDONED_RESERVATION_MS, holdsErasure } from '../src/index.js';

const reservation = { runId: 'run-1', reservedAt: '2026-11-25T10:00:00.000Z' };
const after = (ms: number) => new Date(Date.parse(reservation.reservedAt) + ms);

describe('the erasure of a deleted browser profile waits for the runs that reserved it', () => {
  it('is held by a run that has not finished, however old its reservation', () =>
    expect(holdsErasure(reservation, 'unfinished', after(10 * ABANDONED_RESERVATION_MS))).toBe(true));

  it('is not held by a finished run', () => expect(holdsErasure(reservation, 'finished', after(0))).toBe(false));

  it('is held by a run not there yet while it may still be being created', () =>
    expect(holdsErasure(reservation, 'missing', after(ABANDONED_RESERVATION_MS - 1))).toBe(true));

  it('stops being held by a reservation whose run never appeared', () =>
    expect(holdsErasure(reservation, 'missing', after(ABANDONED_RESERVATION_MS))).toBe(false));
});
