import { domainError, type DomainError } from '@paykit/kernel';

/** An operation of the port a node adapter does not serve (yet): unprocessable `chain_operation_not_supported`. */
export const chainOperationNotSupported = (chain: string, what: string): DomainError =>
  domainError(
    'unprocessable',
    'chain_operation_not_supported',
    `${what} on ${chain} is not served by its node adapter yet`,
    { chain },
  );
