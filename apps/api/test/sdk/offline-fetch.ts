/**
 * The SDK reports its logs to a telemetry service over `fetch`, in batches on a timer that may
 * fire after a test file's last test. Once installed (for the rest of the test file: jest gives
 * each file its own globals), requests to any host but this machine's loopback are answered here
 * (202, empty) and counted, never sent: the tests stay offline and can assert what was kept back.
 */
export interface OfflineFetch {
  /** Hosts the SDK tried to reach beyond loopback (its telemetry). */
  readonly blocked: readonly string[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const blockNonLoopbackFetch = (): OfflineFetch => {
  const original = globalThis.fetch;
  const blocked: string[] = [];
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (LOOPBACK.has(url.hostname)) return original(input, init);
    blocked.push(url.host);
    return new Response(null, { status: 202 });
  };
  return { blocked };
};
