import { randomBytes } from 'node:crypto';
import type { CheckedRequest } from './request-contract.js';
import { stripeObject } from './schema-objects.js';
import type { StripeDocument } from './stripe-document.js';
import { type StripeAnswer, errorAnswer, resourceMissing } from './stripe-errors.js';
import { type RequestContext, type StripeEvents, nowSeconds, stripeId } from './stripe-events.js';
import type { StripeResource } from './stripe-resource.js';

type Values = Record<string, unknown>;

/**
 * Stripe's test bank account numbers (routing number 110000000) and what a payout to each does,
 * from Stripe's testing documentation: paid, or returned with its failure code.
 */
export const TEST_BANK_ACCOUNTS: Readonly<Record<string, { readonly failureCode?: string }>> = {
  '000123456789': {},
  '000111111116': { failureCode: 'no_account' },
  '000111111113': { failureCode: 'account_closed' },
  '000222222227': { failureCode: 'insufficient_funds' },
};

/**
 * Bank payouts of a connected account as the mock keeps them: bank-account tokens, the
 * account's external bank accounts, and payouts, created `pending` and settled by `settle` as
 * the receiving bank answers (paid, or failed for Stripe's failing test account numbers).
 */
export class BankPayouts implements StripeResource {
  readonly operations = [
    'PostTokens',
    'PostAccountsAccountExternalAccounts',
    'GetAccountsAccountExternalAccountsId',
    'DeleteAccountsAccountExternalAccountsId',
    'PostPayouts',
    'GetPayoutsPayout',
  ];
  readonly schemas = ['token', 'external_account', 'deleted_external_account', 'payout'];
  private readonly tokens = new Map<string, { bankAccount: Values; accountNumber: string }>();
  private readonly accounts = new Map<string, { bankAccount: Values; accountNumber: string }>();
  private readonly payouts = new Map<string, Values>();

  constructor(
    private readonly document: StripeDocument,
    private readonly events: StripeEvents,
  ) {}

  handle(request: CheckedRequest, context: RequestContext): StripeAnswer | undefined {
    const { body, pathParams } = request;
    switch (request.operationId) {
      case 'PostTokens':
        return this.token(body['bank_account'] as Values | undefined);
      case 'PostAccountsAccountExternalAccounts':
        return this.attach(String(body['external_account']));
      case 'GetAccountsAccountExternalAccountsId':
        return this.externalAccount(pathParams['id'] ?? '', false);
      case 'DeleteAccountsAccountExternalAccountsId':
        return this.externalAccount(pathParams['id'] ?? '', true);
      case 'PostPayouts':
        return this.create(body, context);
      case 'GetPayoutsPayout': {
        const payout = this.payouts.get(pathParams['payout'] ?? '');
        return payout ? this.answer(payout) : resourceMissing(404, 'payout', pathParams['payout'] ?? '', 'payout');
      }
      default:
        return undefined;
    }
  }

  /** The receiving bank answers: the payout is paid, or returned; answers the event Stripe sends. */
  settle(payoutId: string, context: RequestContext): Values {
    const payout = this.payouts.get(payoutId);
    if (payout?.['status'] !== 'pending') throw new Error(`stripe-mock: ${payoutId} is not pending`);
    const account = this.accounts.get(String(payout['destination']));
    const failureCode = TEST_BANK_ACCOUNTS[account?.accountNumber ?? '']?.failureCode;
    const settled: Values = failureCode
      ? {
          ...payout,
          status: 'failed',
          failure_code: failureCode,
          failure_message: `The bank returned the payout: ${failureCode}`,
        }
      : { ...payout, status: 'paid' };
    this.payouts.set(payoutId, settled);
    return this.events.emit(failureCode ? 'payout.failed' : 'payout.paid', this.view(settled, false), context);
  }

  private token(details: Values | undefined): StripeAnswer {
    const accountNumber = String(details?.['account_number'] ?? '');
    if (details === undefined || !(accountNumber in TEST_BANK_ACCOUNTS) || details['routing_number'] !== '110000000') {
      return errorAnswer(400, {
        type: 'invalid_request_error',
        code: 'account_number_invalid',
        param: 'bank_account[account_number]',
        message: 'The account number is not a test account number (routing 110000000)',
      });
    }
    const bankAccount: Values = {
      id: stripeId('ba'),
      object: 'bank_account',
      last4: accountNumber.slice(-4),
      routing_number: details['routing_number'],
      country: details['country'],
      currency: details['currency'],
      account_holder_name: details['account_holder_name'] ?? null,
      account_holder_type: details['account_holder_type'] ?? null,
      account_type: details['account_type'] ?? null,
      status: 'new',
      fingerprint: randomBytes(8).toString('hex'),
    };
    const id = stripeId('btok');
    this.tokens.set(id, { bankAccount, accountNumber });
    const token = stripeObject(this.document, 'token', {
      id,
      object: 'token',
      type: 'bank_account',
      created: nowSeconds(),
      livemode: false,
      used: false,
      bank_account: bankAccount,
    });
    return { status: 200, body: token, schema: 'token' };
  }

  private attach(tokenId: string): StripeAnswer {
    const token = this.tokens.get(tokenId);
    if (!token) return resourceMissing(400, 'token', tokenId, 'external_account');
    this.tokens.delete(tokenId);
    this.accounts.set(String(token.bankAccount['id']), token);
    return { status: 200, body: this.bankAccount(token.bankAccount), schema: 'external_account' };
  }

  private externalAccount(id: string, remove: boolean): StripeAnswer {
    const account = this.accounts.get(id);
    if (!account) return resourceMissing(404, 'external account', id, 'id');
    if (!remove) return { status: 200, body: this.bankAccount(account.bankAccount), schema: 'external_account' };
    this.accounts.delete(id);
    const deleted = stripeObject(this.document, 'deleted_external_account', {
      id,
      object: 'bank_account',
      deleted: true,
    });
    return { status: 200, body: deleted, schema: 'deleted_external_account' };
  }

  private create(body: Values, context: RequestContext): StripeAnswer {
    const destination = String(body['destination'] ?? '');
    if (!this.accounts.has(destination)) return resourceMissing(400, 'external account', destination, 'destination');
    const created = nowSeconds();
    const payout: Values = {
      id: stripeId('po'),
      object: 'payout',
      amount: body['amount'],
      currency: body['currency'],
      created,
      arrival_date: created + 2 * 86_400,
      automatic: false,
      destination,
      livemode: false,
      metadata: body['metadata'] ?? {},
      method: 'standard',
      reconciliation_status: 'not_applicable',
      source_type: 'card',
      status: 'pending',
      type: 'bank_account',
    };
    this.payouts.set(String(payout['id']), payout);
    this.events.emit('payout.created', this.view(payout, false), context);
    return this.answer(payout, body['expand']);
  }

  private bankAccount(values: Values): Values {
    return stripeObject(this.document, 'bank_account', values);
  }

  private view(payout: Values, expanded: boolean): Values {
    const account = this.accounts.get(String(payout['destination']));
    return stripeObject(this.document, 'payout', {
      ...payout,
      ...(expanded && account ? { destination: this.bankAccount(account.bankAccount) } : {}),
    });
  }

  private answer(payout: Values, expand?: unknown): StripeAnswer {
    const expanded = Array.isArray(expand) && expand.includes('destination');
    return { status: 200, body: this.view(payout, expanded), schema: 'payout' };
  }
}
