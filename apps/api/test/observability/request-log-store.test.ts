import { openReadModelDatabase } from '@paykit/projections';
import { type RequestLogEntry, RequestLogStore } from '../../src/observability/request-log/request-log-store.js';

const entry = (projectId: string, requestId: string, status = 200): RequestLogEntry => ({
  requestId,
  projectId,
  method: 'GET',
  path: '/2022-06-09/orders',
  status,
  durationMs: 1.5,
  keyId: `key-${projectId}`,
  keyPrefix: `sk_staging_${projectId}`,
  at: '2026-12-02T18:00:00.000Z',
});

describe('the request log’s table', () => {
  const open = (kept: number) => new RequestLogStore(openReadModelDatabase(':memory:'), kept);

  const ids = (prefix: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

  it('keeps each project’s newest entries only, whatever another project sends', () => {
    const log = open(3);
    log.append(['a1', 'a2'].map((id) => entry('a', id)));
    log.append(ids('b', 1, 5).map((id) => entry('b', id)));
    log.append(['a3', 'a4', 'a5'].map((id) => entry('a', id)));
    expect(log.newest('a', 10).map((e) => e.requestId)).toEqual(['a5', 'a4', 'a3']);
    expect(log.newest('b', 10).map((e) => e.requestId)).toEqual(['b5', 'b4', 'b3']);
    expect(log.byRequestId('a', 'a1')).toEqual([]);
  });

  it('prunes a project once per tenth of its bound: it never holds more than the bound and a tenth', () => {
    const log = open(20);
    const counts: number[] = [];
    for (let i = 1; i <= 30; i++) {
      log.append([entry('a', `a${i}`)]);
      counts.push(log.newest('a', 100).length);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(22);
    expect(counts.slice(0, 20)).toEqual(ids('', 1, 20).map(Number));
    // Pruned on the first entry, then every second one (odd counts), back to the newest twenty.
    expect(counts.slice(20)).toEqual([20, 21, 20, 21, 20, 21, 20, 21, 20, 21]);
    expect(log.newest('a', 1)[0]?.requestId).toBe('a30');
    expect(log.newest('a', 100).at(-1)?.requestId).toBe('a10');
  });

  it('finds a request id in its project only, every entry of it, newest first, as it was recorded', () => {
    const log = open(100);
    log.append([entry('a', 'same', 201), entry('b', 'same', 404), entry('a', 'same', 409)]);
    expect(log.byRequestId('a', 'same').map((e) => e.status)).toEqual([409, 201]);
    expect(log.byRequestId('b', 'same')).toEqual([entry('b', 'same', 404)]);
    expect(log.byRequestId('c', 'same')).toEqual([]);
  });
});
