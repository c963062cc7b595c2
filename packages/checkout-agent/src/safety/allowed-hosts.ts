/**
 * One entry of `AGENT_CHECKOUT_ALLOWED_HOSTS`: a host, and a port when the entry names one
 * (without a port every port of the host is allowed). Hosts are kept the way the WHATWG URL
 * parser spells them, so `127.1` and `127.0.0.1` are one host.
 */
export interface AllowedHost {
  readonly host: string;
  readonly port: string | null;
}

const ENTRY = /^(\[[0-9a-fA-F:.%]+\]|[^\s:/?#@[\]]+)(?::(\d{1,5}))?$/;

/** A hostname without the trailing dot of a fully qualified name. */
export const canonicalHostname = (hostname: string): string => hostname.toLowerCase().replace(/\.$/, '');

/**
 * Parses the comma-separated `host[:port]` list (or an array of entries). A malformed entry
 * throws: a typo in the allow-list should stop the process at start, not silently allow less.
 */
export const parseAllowedHosts = (value: string | readonly string[] | undefined): readonly AllowedHost[] => {
  const entries = typeof value === 'string' ? value.split(',') : (value ?? []);
  return entries
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = ENTRY.exec(entry);
      const port = match?.[2] ?? null;
      if (!match || (port !== null && Number(port) > 65535)) {
        throw new Error(`Invalid allowed host "${entry}": expected host or host:port`);
      }
      let host: string;
      try {
        host = new URL(`http://${match[1]}`).hostname;
      } catch {
        throw new Error(`Invalid allowed host "${entry}": expected host or host:port`);
      }
      return { host: canonicalHostname(host), port: port === null ? null : String(Number(port)) };
    });
};

const effectivePort = (url: URL): string => url.port || (url.protocol === 'https:' ? '443' : '80');

export const isAllowListed = (url: URL, allowed: readonly AllowedHost[]): boolean => {
  const host = canonicalHostname(url.hostname);
  const port = effectivePort(url);
  return allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
};
