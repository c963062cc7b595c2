import { domainError, type DomainError } from '@paykit/kernel';

/** The outside parties behind the ports, as named in errors and fault rules. */
export type ProviderName = 'pricing' | 'cards' | 'issuing' | 'kyc' | 'payouts' | 'blobs';

const RETRY_AFTER_SECONDS = 5;

/** The party did not answer in time: the caller may retry (HTTP 503). */
export const providerTimeout = (provider: ProviderName): DomainError =>
  domainError('unavailable', 'provider_timeout', `The ${provider} provider did not answer in time`, {
    provider,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });

/** The party answered with an outage (a 5xx): the caller may retry (HTTP 503). */
export const providerUnavailable = (provider: ProviderName, message?: string): DomainError =>
  domainError('unavailable', 'provider_unavailable', message ?? `The ${provider} provider is unavailable`, {
    provider,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });

/** The party answered something we cannot use (HTTP 502). */
export const providerInvalidResponse = (provider: ProviderName, message?: string): DomainError =>
  domainError(
    'upstream_invalid',
    'provider_invalid_response',
    message ?? `The ${provider} provider answered with a response that could not be understood`,
    { provider },
  );
