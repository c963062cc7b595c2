/**
 * `AGENT_CHECKOUT_PROXIES`: the egress proxy of each browser location, as comma-separated
 * `CC=url` pairs (`US=http://proxy-us:3128,DE=http://user:pass@proxy-de:3128`). Country codes
 * are ISO 3166-1 alpha-2, upper-cased. A malformed entry throws (the process refuses to start).
 */
export const parseProxyList = (text: string | undefined): Readonly<Record<string, URL>> => {
  const proxies: Record<string, URL> = {};
  for (const entry of (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf('=');
    const country = entry.slice(0, separator).trim().toUpperCase();
    const url = entry.slice(separator + 1).trim();
    if (separator < 0 || !/^[A-Z]{2}$/.test(country))
      throw new Error(`"${country || entry}" is not a country code: write entries as CC=http://host:port`);
    if (!URL.canParse(url) || new URL(url).protocol !== 'http:')
      throw new Error(`the proxy of ${country} must be an http:// URL`);
    proxies[country] = new URL(url);
  }
  return proxies;
};
