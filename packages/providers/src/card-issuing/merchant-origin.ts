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

const MIN_LABEL = 3;

const lettersAndDigits = (value: string): string => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The name a shop at `origin` goes by: its host's label left of the public suffix, `tidygoods` for
 * https://www.tidygoods.co.uk (for an IP address, the whole address).
 */
const shopLabelOf = (origin: string): string => {
  const host = new URL(origin).hostname;
  if (/^[\d.]+$/.test(host) || host.includes(':')) return lettersAndDigits(host);
  const labels = host.split('.').filter((label) => label !== 'www');
  const suffixes = labels.length > 2 && labels.at(-2)!.length <= 3 ? 2 : 1;
  return lettersAndDigits(labels.at(-suffixes - 1) ?? labels[0] ?? host);
};

/**
 * Whether the merchant asking is the shop the card is locked to (docs/adr/0901): by its URL's
 * origin when the network gives a URL; otherwise by its name, which must contain the shop's host
 * label, letters and digits only ("TIDY GOODS" and "SQ *TIDYGOODS" are https://tidygoods.com).
 */
export const merchantMatches = (merchant: { readonly name: string; readonly url: string }, origin: string): boolean => {
  if (merchant.url !== '') return merchantOriginOf(merchant.url) === origin;
  const label = merchantOriginOf(origin) === origin ? shopLabelOf(origin) : '';
  // A label of one or two characters is in too many names to tell a shop by.
  return label.length >= MIN_LABEL && lettersAndDigits(merchant.name).includes(label);
};
