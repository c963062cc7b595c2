import { relIncludes, tagsNamed } from '../merchant-page/html-tags.js';
import type { SafeHttp } from '../safety/safe-http.js';
import { type AcpVersion, SPOKEN_VERSIONS } from './protocol/version-shapes.js';

export const DISCOVERY_PATH = '/.well-known/acp.json';
export const DISCOVERY_LINK_REL = 'agentic-checkout';

export interface AcpEndpoint {
  /** Where `/checkout_sessions` lives. */
  readonly apiBaseUrl: string;
  /** The `API-Version` header this client sends: the newest version both sides speak. */
  readonly version: AcpVersion;
  /** The merchant lists the `delegate_payment` service: tokens are delegated with an allowance. */
  readonly delegatePayment: boolean;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * Reads an ACP discovery document ("Agentic Checkout — Discovery"): the API base URL, the
 * REST transport, the checkout service, and a protocol version both sides speak. Null when
 * the document does not offer a checkout this client can use.
 */
export const readDiscoveryDocument = (document: unknown, documentUrl: string): AcpEndpoint | null => {
  if (!isObject(document)) return null;
  const base = document.api_base_url;
  if (typeof base !== 'string' || !URL.canParse(base, documentUrl)) return null;
  const apiBaseUrl = new URL(base, documentUrl);
  if (apiBaseUrl.protocol !== 'http:' && apiBaseUrl.protocol !== 'https:') return null;
  const protocol = isObject(document.protocol) ? document.protocol : {};
  if (typeof protocol.name === 'string' && protocol.name.toLowerCase() !== 'acp') return null;
  if ('transports' in document && !strings(document.transports).includes('rest')) return null;
  const capabilities = isObject(document.capabilities) ? document.capabilities : {};
  const services = strings(capabilities.services);
  if ('services' in capabilities && !services.includes('checkout')) return null;
  const offered = strings(protocol.supported_versions);
  if (offered.length === 0 && typeof protocol.version === 'string') offered.push(protocol.version);
  // A document naming no version predates versioned discovery: the first release is assumed.
  const version =
    offered.length === 0 ? '2025-09-29' : SPOKEN_VERSIONS.find((candidate) => offered.includes(candidate));
  if (!version) return null;
  return {
    apiBaseUrl: apiBaseUrl.href.replace(/\/$/, ''),
    version,
    delegatePayment: services.includes('delegate_payment'),
  };
};

/**
 * Finds the merchant's agentic-checkout API from a page: the page's
 * `<link rel="agentic-checkout">` first, then `{origin}/.well-known/acp.json`. A missing,
 * non-JSON or unusable document means the merchant has no agentic checkout.
 */
export const discoverAgenticCheckout = async (
  http: SafeHttp,
  page: { readonly url: string; readonly html: string },
  signal: AbortSignal,
): Promise<AcpEndpoint | null> => {
  const linked = tagsNamed(page.html, 'link')
    .filter((tag) => relIncludes(tag.attributes.rel, DISCOVERY_LINK_REL) && tag.attributes.href)
    .flatMap((tag) =>
      URL.canParse(tag.attributes.href ?? '', page.url) ? [new URL(tag.attributes.href ?? '', page.url).href] : [],
    );
  const wellKnown = new URL(DISCOVERY_PATH, page.url).href;
  for (const candidate of [...new Set([...linked, wellKnown])]) {
    const response = await http.request(candidate, { signal });
    if (response.status !== 200) continue;
    const endpoint = readDiscoveryDocument(response.json(), response.url);
    if (endpoint) return endpoint;
  }
  return null;
};
