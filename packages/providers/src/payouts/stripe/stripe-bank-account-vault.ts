import * as E from 'fp-ts/lib/Either.js';
import type Stripe from 'stripe';
import { domainError, invalid, type DomainError } from '@paykit/kernel';
import { providerInvalidResponse } from '../../faults/provider-errors.js';
import { currencyNotSupported, isFiatCurrency } from '../../money/amount.js';
import { callStripe } from '../../stripe/stripe-failure.js';
import type { BankAccountDetails, BankAccountToken, BankAccountVaultPort } from '../bank-account-vault-port.js';
import { isAccountNumber, isRoutingNumber } from '../routing-number.js';

export interface StripeBankAccountVaultOptions {
  readonly stripe: Stripe;
  /** The connected account (`acct_...`) whose external bank accounts the payouts go to. */
  readonly account: string;
}

const notFound = (): DomainError =>
  domainError('not_found', 'bank_account_not_found', 'no bank account has this token');

const refusalOf = (error: { code?: string; param?: string; message: string }): DomainError => {
  if (error.code === 'resource_missing') return notFound();
  if (error.param?.includes('routing_number') === true) return invalid('invalid_routing_number', error.message);
  if (error.param?.includes('account_number') === true) return invalid('invalid_account_number', error.message);
  return invalid('payout_rail_refused', error.message);
};

/** A Stripe `bank_account` as our token; `upstream_invalid` when it is not one. */
const tokenOf = (account: unknown): E.Either<DomainError, BankAccountToken> => {
  const value = account as Partial<Record<string, unknown>> | null;
  const { id, last4, routing_number: routingNumber, currency, country, account_type: accountType } = value ?? {};
  if (
    value?.['object'] !== 'bank_account' ||
    typeof id !== 'string' ||
    typeof last4 !== 'string' ||
    typeof currency !== 'string' ||
    typeof country !== 'string'
  ) {
    return E.left(
      providerInvalidResponse('payouts', 'The payout rail answered with something that is not a bank account'),
    );
  }
  return E.right({
    token: id,
    accountSuffix: last4,
    routingNumber: typeof routingNumber === 'string' ? routingNumber : '',
    accountType: accountType === 'savings' ? 'savings' : 'checking',
    currency,
    country,
  });
};

/**
 * The bank accounts of a Stripe connected account (ADR 0911): the number goes to Stripe as a
 * bank-account token (`tokens.create`) and becomes the account's external account (`ba_...`,
 * our token); only Stripe keeps the number.
 */
export class StripeBankAccountVault implements BankAccountVaultPort {
  constructor(private readonly options: StripeBankAccountVaultOptions) {}

  async tokenizeBankAccount(details: BankAccountDetails): Promise<E.Either<DomainError, BankAccountToken>> {
    if (!isAccountNumber(details.accountNumber)) {
      return E.left(invalid('invalid_account_number', 'the account number must be 4 to 17 digits'));
    }
    if (!isRoutingNumber(details.routingNumber)) {
      return E.left(invalid('invalid_routing_number', 'the routing number must be a valid 9-digit ABA number'));
    }
    const currency = details.currency ?? 'usd';
    if (!isFiatCurrency(currency)) return E.left(currencyNotSupported(currency));
    const { stripe, account } = this.options;
    const token = await callStripe(
      'payouts',
      () =>
        stripe.tokens.create({
          bank_account: {
            account_number: details.accountNumber,
            routing_number: details.routingNumber,
            country: details.country ?? 'US',
            currency,
            account_holder_type: 'individual',
            ...(details.holderName !== undefined && { account_holder_name: details.holderName }),
            ...(details.accountType !== undefined && { account_type: details.accountType }),
          },
        }),
      refusalOf,
    );
    if (!token.ok) return E.left(token.error);
    const external = await callStripe(
      'payouts',
      () => stripe.accounts.createExternalAccount(account, { external_account: token.value.id }),
      refusalOf,
    );
    return external.ok ? tokenOf(external.value) : E.left(external.error);
  }

  async describeBankAccount(token: string): Promise<E.Either<DomainError, BankAccountToken>> {
    if (!/^ba_\w+$/.test(token)) return E.left(notFound());
    const { stripe, account } = this.options;
    const answer = await callStripe(
      'payouts',
      () => stripe.accounts.retrieveExternalAccount(account, token),
      refusalOf,
    );
    return answer.ok ? tokenOf(answer.value) : E.left(answer.error);
  }

  async deleteBankAccount(token: string): Promise<E.Either<DomainError, boolean>> {
    if (!/^ba_\w+$/.test(token)) return E.right(false);
    const { stripe, account } = this.options;
    const answer = await callStripe('payouts', () => stripe.accounts.deleteExternalAccount(account, token), refusalOf);
    if (answer.ok) return E.right(answer.value.deleted);
    return answer.error.kind === 'not_found' ? E.right(false) : E.left(answer.error);
  }
}
