import { lookup } from 'node:dns/promises';
import { type DomainError, invalid } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { type AllowedHost, canonicalHostname, isAllowListed, parseAllowedHosts } from './allowed-hosts.js';
import { type AddressCategory, classifyAddress } from './ip-address.js';

/** Every address a hostname resolves to. Injectable so tests never touch DNS. */
export type Resolver = (hostname: string) => Promise<readonly string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface UrlGuardOptions {
  /** `AGENT_CHECKOUT_ALLOWED_HOSTS` as given (comma-separated `host[:port]`), or parsed entries. */
  readonly allowedHosts?: string | readonly string[] | readonly AllowedHost[];
  readonly resolve?: Resolver;
}

export type UrlRefusalReason = 'invalid_url' | 'scheme_not_allowed' | 'address_not_allowed' | 'unresolvable';

/** A URL that may be fetched, with the addresses it was judged on (connect to these and no others). */
export interface CheckedUrl {
  readonly url: URL;
  /** Empty when the host is allow-listed: it is then resolved the ordinary way. */
  readonly addresses: readonly string[];
  readonly allowListed: boolean;
}

export type UrlGuard = (url: string | URL) => Promise<E.Either<DomainError, CheckedUrl>>;

const refuse = (reason: UrlRefusalReason, message: string, parameters: Record<string, unknown> = {}) =>
  E.left(invalid('url_not_allowed', message, { reason, ...parameters }));

const isAllowedSet = (value: UrlGuardOptions['allowedHosts']): value is readonly AllowedHost[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'object');

/**
 * Builds the guard every outgoing request of a run goes through (start URL, each redirect,
 * the discovered API), reusable for webhooks. A URL is refused unless it is http(s) and
 * every address its host resolves to is public, or its host[:port] is allow-listed. IP
 * literals in any spelling are judged as the address they denote.
 */
export const createUrlGuard = (options: UrlGuardOptions = {}): UrlGuard => {
  const allowed = isAllowedSet(options.allowedHosts) ? options.allowedHosts : parseAllowedHosts(options.allowedHosts);
  const resolve = options.resolve ?? systemResolver;
  return async (input) => {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return refuse('invalid_url', 'The URL cannot be parsed');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return refuse('scheme_not_allowed', `Only http and https URLs are allowed, not ${url.protocol}`, {
        scheme: url.protocol,
      });
    }
    const host = canonicalHostname(url.hostname);
    if (isAllowListed(url, allowed)) return E.right({ url, addresses: [], allowListed: true });
    const literal = classifyAddress(host);
    const addresses = literal === null ? await resolveQuietly(resolve, host) : [host.replace(/^\[(.*)\]$/, '$1')];
    if (addresses.length === 0) return refuse('unresolvable', `The host ${host} does not resolve`, { host });
    for (const address of addresses) {
      const category: AddressCategory = classifyAddress(address) ?? 'reserved';
      if (category !== 'public') {
        return refuse('address_not_allowed', `The host ${host} resolves to a ${category.replace('_', '-')} address`, {
          host,
          category,
        });
      }
    }
    return E.right({ url, addresses, allowListed: false });
  };
};

const resolveQuietly = async (resolve: Resolver, host: string): Promise<readonly string[]> => {
  try {
    return await resolve(host);
  } catch {
    return [];
  }
};

/** The guard as one call, for a single check (a webhook URL, a start URL at creation). */
export const checkUrlSafety = (
  url: string | URL,
  options: UrlGuardOptions = {},
): Promise<E.Either<DomainError, CheckedUrl>> => createUrlGuard(options)(url);
