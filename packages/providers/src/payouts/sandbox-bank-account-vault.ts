import * as E from 'fp-ts/lib/Either.js';
import { domainError, invalid, type DomainError, type IdGenerator } from '@paykit/kernel';
import type { BlobStore } from '../blobs/blob-store-port.js';
import { MemoryBlobStore } from '../blobs/memory-blob-store.js';
import { open, seal, type EncryptionKey } from '../encryption/aes-gcm.js';
import { providerInvalidResponse } from '../faults/provider-errors.js';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { currencyNotSupported, isFiatCurrency } from '../money/amount.js';
import type { BankAccountDetails, BankAccountToken, BankAccountVaultPort } from './bank-account-vault-port.js';
import { isAccountNumber, isRoutingNumber } from './routing-number.js';

export interface SandboxBankAccountVaultOptions {
  readonly ids: IdGenerator;
  /** Seals every record; without it nothing in the store can be read. */
  readonly encryptionKey: EncryptionKey;
  /** Where sealed records live: memory by default, a FileBlobStore to outlive the process. */
  readonly store?: BlobStore;
  readonly faults?: SandboxFaults;
}

/** A vaulted account: the full number stays inside this record, which is only kept sealed. */
interface VaultRecord extends BankAccountToken {
  readonly accountNumber: string;
  readonly holderName?: string;
}

const CONTENT_TYPE = 'application/vnd.paykit.bank-account+json';

const TOKEN = /^ba_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const notFound = () => domainError('not_found', 'bank_account_not_found', 'no bank account has this token');

const check = (details: BankAccountDetails): E.Either<DomainError, void> => {
  const currency = details.currency ?? 'usd';
  if (!isAccountNumber(details.accountNumber)) {
    return E.left(invalid('invalid_account_number', 'an account number is 4 to 17 digits'));
  }
  if (!isRoutingNumber(details.routingNumber)) {
    return E.left(invalid('invalid_routing_number', 'the routing number is not a valid 9-digit ABA number'));
  }
  if (!isFiatCurrency(currency)) return E.left(currencyNotSupported(currency));
  if ((details.country ?? 'US') !== 'US') {
    return E.left(invalid('country_not_supported', 'only US bank accounts can be paid out to'));
  }
  return E.right(undefined);
};

/**
 * The sandbox bank-account vault: validates the account, keeps it sealed with AES-256-GCM
 * (bound to its token) in a blob store, and answers only with the token and the last four
 * digits. The full number never leaves this class.
 */
export class SandboxBankAccountVault implements BankAccountVaultPort {
  private readonly store: BlobStore;
  private readonly faults: SandboxFaults;

  constructor(private readonly options: SandboxBankAccountVaultOptions) {
    this.store = options.store ?? new MemoryBlobStore();
    this.faults = options.faults ?? new SandboxFaults();
  }

  async tokenizeBankAccount(details: BankAccountDetails): Promise<E.Either<DomainError, BankAccountToken>> {
    const failure = this.faults.failureOf('payouts', 'tokenizeBankAccount');
    if (failure) return E.left(failure);
    const checked = check(details);
    if (E.isLeft(checked)) return checked;
    const record: VaultRecord = {
      token: `ba_${this.options.ids.uuid()}`,
      accountSuffix: details.accountNumber.slice(-4),
      routingNumber: details.routingNumber,
      accountType: details.accountType ?? 'checking',
      currency: details.currency ?? 'usd',
      country: details.country ?? 'US',
      accountNumber: details.accountNumber,
      ...(details.holderName !== undefined && { holderName: details.holderName }),
    };
    const plaintext = Buffer.from(JSON.stringify(record), 'utf8');
    const stored = await this.store.put(
      keyOf(record.token),
      seal(this.options.encryptionKey, plaintext, keyOf(record.token)),
      CONTENT_TYPE,
    );
    if (E.isLeft(stored)) return stored;
    return E.right(publicView(record));
  }

  async describeBankAccount(token: string): Promise<E.Either<DomainError, BankAccountToken>> {
    const failure = this.faults.failureOf('payouts', 'describeBankAccount');
    if (failure) return E.left(failure);
    const record = await this.recordOf(token);
    return E.map(publicView)(record);
  }

  async deleteBankAccount(token: string): Promise<E.Either<DomainError, boolean>> {
    const failure = this.faults.failureOf('payouts', 'deleteBankAccount');
    if (failure) return E.left(failure);
    if (!TOKEN.test(token)) return E.right(false);
    return this.store.delete(keyOf(token));
  }

  private async recordOf(token: string): Promise<E.Either<DomainError, VaultRecord>> {
    if (!TOKEN.test(token)) return E.left(notFound());
    const stored = await this.store.get(keyOf(token));
    if (E.isLeft(stored)) return stored;
    if (!stored.right) return E.left(notFound());
    const plaintext = open(this.options.encryptionKey, stored.right.bytes, keyOf(token));
    if (!plaintext) return E.left(providerInvalidResponse('payouts', 'A vaulted bank account could not be decrypted'));
    return E.right(JSON.parse(plaintext.toString('utf8')) as VaultRecord);
  }
}

const keyOf = (token: string): string => `bank-accounts/${token}`;

const publicView = (record: VaultRecord): BankAccountToken => ({
  token: record.token,
  accountSuffix: record.accountSuffix,
  routingNumber: record.routingNumber,
  accountType: record.accountType,
  currency: record.currency,
  country: record.country,
});
