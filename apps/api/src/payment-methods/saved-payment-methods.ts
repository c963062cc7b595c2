import { Injectable } from '@nestjs/common';
import type { PaymentMethodResponse } from '@paykit/contracts';
import type { SavedPaymentMethod } from '@paykit/identity';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { Aggregates } from '../infrastructure/aggregates/aggregates.js';
import { PaymentMethodAggregate } from './payment-method.aggregate.js';
import { PAYMENT_METHODS_PROJECTION, paymentMethodsProjection } from './payment-methods.projection.js';
import { PaymentMethodsReadModel } from './payment-methods.read-model.js';

/** A saved payment method with what the payout rail needs: the vault token (never the number). */
export interface StoredPaymentMethod extends SavedPaymentMethod {
  readonly projectId: string;
}

/** How long a read that follows a write waits for the list to include it. */
const READ_YOUR_WRITES_MS = 2_000;

/**
 * The area's saved payment methods as its handlers and other areas read them: one method from
 * its stream, the resource as answered, and the wait that lets a caller read its own writes.
 */
@Injectable()
export class SavedPaymentMethods {
  /** The last write of each project in this process: reads wait for it (read your writes). */
  private readonly lastWrite = new Map<string, bigint>();

  constructor(
    private readonly aggregates: Aggregates,
    private readonly projections: ProjectionsHost,
    private readonly readModel: PaymentMethodsReadModel,
  ) {
    projections.register(paymentMethodsProjection);
  }

  /** A payment method of the project, or null (none, deleted, or another project's). */
  async get(projectId: string, paymentMethodId: string): Promise<StoredPaymentMethod | null> {
    const loaded = await this.aggregates.load(PaymentMethodAggregate, paymentMethodId);
    if (!loaded || loaded.projectId !== projectId || !loaded.state.method || loaded.state.deletedAt !== null)
      return null;
    return { ...loaded.state.method, projectId };
  }

  present(projectId: string, method: SavedPaymentMethod): PaymentMethodResponse {
    const { paymentMethodId, type, bankAccount, createdAt } = method;
    const isDefault = this.readModel.defaultOf(projectId, method.userLocator) === paymentMethodId;
    return { paymentMethodId, type, default: isDefault, bankAccount, createdAt };
  }

  /** Records a project's write; `waitFor` then lets its reads see it. */
  wrote(projectId: string, position: bigint): void {
    this.lastWrite.set(projectId, position);
  }

  async waitForOwnWrites(projectId: string): Promise<void> {
    const position = this.lastWrite.get(projectId);
    if (position !== undefined)
      await this.projections.waitFor(position, READ_YOUR_WRITES_MS, PAYMENT_METHODS_PROJECTION);
  }
}
