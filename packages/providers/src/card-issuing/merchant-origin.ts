/**
 * The origin a card is locked to, or a merchant claims: `scheme://host[:port]` of an http(s) URL,
 * host lower-cased and default ports left out (what the URL standard's `origin` gives), so
 * `HTTP://Shop.Example:80/checkout` and `http://shop.example/` are one merchant. Null otherwise.
 */
export const merchantOriginOf = (url: string): string | null => {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.origin;
};
