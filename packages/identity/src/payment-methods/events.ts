import type { DomainEvent } from '@paykit/kernel';

/**
 * A saved US bank account as events and responses may show it: the last four digits of the
 * number, never the number (it stays in the bank-account vault, behind `vaultToken`).
 */
export interface BankAccountSummary {
  readonly accountSuffix: string;
  readonly routingNumber: string;
  readonly bankName: string;
  readonly accountType: 'checking' | 'savings';
  readonly currency: string;
  readonly country: string;
  readonly entityType: 'individual' | 'business';
}

export interface SavedPaymentMethod {
  readonly paymentMethodId: string;
  readonly userLocator: string;
  readonly type: 'bank-account-us';
  readonly vaultToken: string;
  readonly bankAccount: BankAccountSummary;
  /** The billing name and address, sealed by the API (personal data). */
  readonly sealedBilling: string;
  readonly createdAt: string;
}

export type PaymentMethodSaved = DomainEvent<'PaymentMethodSaved', SavedPaymentMethod>;

export type PaymentMethodDeleted = DomainEvent<
  'PaymentMethodDeleted',
  {
    readonly paymentMethodId: string;
    readonly userLocator: string;
    readonly vaultToken: string;
    readonly deletedAt: string;
  }
>;

export type PaymentMethodEvent = PaymentMethodSaved | PaymentMethodDeleted;
