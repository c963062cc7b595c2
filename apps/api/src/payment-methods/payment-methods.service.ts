import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CreatePaymentMethodBody, ListPaymentMethodsQuery, PaymentMethodPage, PaymentMethodResponse } from '@paykit/contracts';
import { type EventStore, handleCommand } from '@paykit/event-store';
import {
  type PaymentMethodCommand,
  type PaymentMethodEvent,
  type PaymentMethodState,
  type SavedPaymentMethod,
  fieldError,
  parseUserLocator,
  paymentMethodDecider,
  paymentMethodStream,
} from '@paykit/identity';
import { type Clock, type DomainError, DomainException, type IdGenerator, getOrThrow, notFound } from '@paykit/kernel';
import type { BankAccountVaultPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { keysetPage } from '../tokens/pagination/keyset-page.js';
import { SignedCursors } from '../http/pagination/signed-cursors.js';
import { type ProjectContext, toEnvelope } from '../users/http/caller.js';
import { PersonalDataBox } from '../users/secrets/personal-data-box.js';
import { BANK_ACCOUNT_VAULT } from './bank-account-vault.provider.js';
import { PAYMENT_METHODS_PROJECTION, paymentMethodsProjection } from './payment-methods.projection.js';
import { PaymentMethodsReadModel } from './payment-methods.read-model.js';

/** A saved payment method with what the payout rail needs: the vault token (never the number). */
export interface StoredPaymentMethod extends SavedPaymentMethod {
  readonly projectId: string;
}

/** How long a read that follows a write waits for the list to include it. */
const READ_YOUR_WRITES_MS = 2_000;

/** The vault's refusals, renamed after the request field they are about. */
const VAULT_FIELDS: Readonly<Record<string, string>> = {
  invalid_account_number: 'bankAccount.accountNumber',
  invalid_routing_number: 'bankAccount.routingNumber',
  currency_not_supported: 'bankAccount.currency',
  country_not_supported: 'bankAccount.country',
};

const fromVault = (error: DomainError): DomainError => {
  const field = error.kind === 'invalid' ? VAULT_FIELDS[error.code] : undefined;
  return field === undefined ? error : fieldError(field, error.message, error.code);
};

/**
 * Saved payout bank accounts. The account number goes straight to the vault; the events, the
 * read model and every answer hold its token and last four digits only. Reads are scoped to
 * the caller's project (another project's method is a 404).
 */
@Injectable()
export class PaymentMethodsService {
  private readonly logger = new Logger(PaymentMethodsService.name);
  /** The last write of each project in this process: the list waits for it (read your writes). */
  private readonly lastWrite = new Map<string, bigint>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(BANK_ACCOUNT_VAULT) private readonly vault: BankAccountVaultPort,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    private readonly projections: ProjectionsHost,
    private readonly readModel: PaymentMethodsReadModel,
    private readonly cursors: SignedCursors,
    private readonly personalData: PersonalDataBox,
  ) {
    projections.register(paymentMethodsProjection);
  }

  async create(context: ProjectContext, body: CreatePaymentMethodBody): Promise<PaymentMethodResponse> {
    const userLocator = getOrThrow(parseUserLocator(body.userLocator));
    const { bankAccount } = body;
    const vaulted = await this.vault.tokenizeBankAccount({
      accountNumber: bankAccount.accountNumber,
      routingNumber: bankAccount.routingNumber,
      accountType: bankAccount.accountType,
      holderName: bankAccount.billing.name,
      currency: bankAccount.currency,
      country: bankAccount.country,
    });
    if (E.isLeft(vaulted)) throw new DomainException(fromVault(vaulted.left));
    const paymentMethodId = this.ids.uuid();
    const stream = paymentMethodStream(paymentMethodId);
    const saved: SavedPaymentMethod = {
      paymentMethodId,
      userLocator,
      type: 'bank-account-us',
      vaultToken: vaulted.right.token,
      bankAccount: {
        accountSuffix: vaulted.right.accountSuffix,
        routingNumber: vaulted.right.routingNumber,
        bankName: bankAccount.bankName,
        accountType: vaulted.right.accountType,
        currency: vaulted.right.currency,
        country: vaulted.right.country,
        entityType: bankAccount.entityType,
      },
      sealedBilling: this.personalData.seal(bankAccount.billing, stream),
      createdAt: this.clock.now().toISOString(),
    };
    let position: bigint;
    try {
      position = await this.run(context, stream, { type: 'SavePaymentMethod', data: saved });
    } catch (error) {
      await this.forgetAccount(saved.vaultToken);
      throw error;
    }
    await this.projections.waitFor(position, READ_YOUR_WRITES_MS, PAYMENT_METHODS_PROJECTION);
    return this.present(context.projectId, saved);
  }

  /** A payment method of the project, or null (none, deleted, or another project's). */
  async get(projectId: string, paymentMethodId: string): Promise<StoredPaymentMethod | null> {
    const { state, owner } = await this.load(paymentMethodId);
    return state.method && state.deletedAt === null && owner === projectId ? { ...state.method, projectId: owner } : null;
  }

  async getResource(projectId: string, paymentMethodId: string): Promise<PaymentMethodResponse> {
    const method = await this.get(projectId, paymentMethodId);
    if (!method) throw new DomainException(notFound());
    await this.waitForOwnWrites(projectId);
    return this.present(projectId, method);
  }

  async list(projectId: string, query: ListPaymentMethodsQuery): Promise<PaymentMethodPage> {
    const userLocator = query.userLocator === undefined ? undefined : getOrThrow(parseUserLocator(query.userLocator));
    await this.waitForOwnWrites(projectId);
    const defaults = new Map<string, string | null>();
    const defaultOf = (user: string) => {
      if (!defaults.has(user)) defaults.set(user, this.readModel.defaultOf(projectId, user));
      return defaults.get(user);
    };
    return keysetPage({
      cursors: this.cursors,
      binding: `payment-methods\n${projectId}\n${userLocator ?? '*'}`,
      cursor: query.cursor,
      limit: query.limit,
      isKey: (value): value is number => Number.isSafeInteger(value),
      source: this.readModel.source(projectId, userLocator),
      present: (row) => ({ ...row.resource, default: defaultOf(row.userLocator) === row.resource.paymentMethodId }),
    });
  }

  async delete(context: ProjectContext, paymentMethodId: string): Promise<void> {
    const method = await this.get(context.projectId, paymentMethodId);
    if (!method) throw new DomainException(notFound());
    await this.run(context, paymentMethodStream(paymentMethodId), { type: 'DeletePaymentMethod', data: { paymentMethodId, at: this.clock.now().toISOString() } });
    await this.forgetAccount(method.vaultToken);
  }

  private async run(context: ProjectContext, stream: string, command: PaymentMethodCommand): Promise<bigint> {
    const result = await handleCommand(this.store, stream, paymentMethodDecider, command, toEnvelope(context, this.clock, this.ids));
    if (E.isLeft(result)) throw new DomainException(result.left);
    this.lastWrite.set(context.projectId, result.right.position);
    return result.right.position;
  }

  private async load(paymentMethodId: string): Promise<{ state: PaymentMethodState; owner: string | null }> {
    let state = paymentMethodDecider.initialState();
    let owner: string | null = null;
    for await (const event of this.store.readStream(paymentMethodStream(paymentMethodId))) {
      owner ??= event.metadata.projectId;
      state = paymentMethodDecider.evolve(state, { type: event.type, data: event.data } as PaymentMethodEvent);
    }
    return { state, owner };
  }

  private async waitForOwnWrites(projectId: string): Promise<void> {
    const position = this.lastWrite.get(projectId);
    if (position !== undefined) await this.projections.waitFor(position, READ_YOUR_WRITES_MS, PAYMENT_METHODS_PROJECTION);
  }

  private present(projectId: string, method: SavedPaymentMethod): PaymentMethodResponse {
    const { paymentMethodId, type, bankAccount, createdAt } = method;
    return { paymentMethodId, type, default: this.readModel.defaultOf(projectId, method.userLocator) === paymentMethodId, bankAccount, createdAt };
  }

  private async forgetAccount(vaultToken: string): Promise<void> {
    const deleted = await this.vault.deleteBankAccount(vaultToken);
    if (E.isLeft(deleted)) this.logger.warn(`Could not delete a vaulted bank account: ${deleted.left.code}`);
  }
}
