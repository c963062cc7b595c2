import { Injectable } from '@nestjs/common';
import type { CommandContext } from '@paykit/kernel';
import { type Wallet, signerLocatorOf } from '@paykit/wallets';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { SignatureRequestAggregate } from '../signatures/signature-request.aggregate.js';
import { SignerOperations } from './signer-operations.js';
import { SignerRegistrations } from './signer-registrations.js';

/**
 * What a delegated signer may do follows its approved changes, not whether they were applied
 * yet (ADR 0452). Before a delegated signer is named to sign or approves, the change its claim
 * stream names (a removal while it is a signer, an addition while it is not) is applied if the
 * admin approved it and a crash left it unapplied. Read from the shared store at the point of
 * use, so no instance accepts a signer whose removal was approved on another.
 */
@Injectable()
export class SignerAuthority {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly registrations: SignerRegistrations,
    private readonly operations: SignerOperations,
  ) {}

  /** The wallet as a request that names a signer (or none) may use it: `settle` for the one named. */
  async settleNamed(wallet: Wallet, signer: string | undefined, context: CommandContext): Promise<Wallet> {
    return signer === undefined ? wallet : this.settle(wallet, signerLocatorOf(wallet, signer), context);
  }

  /** The wallet once the signer's approved change is applied: the same wallet when there is none (one stream read). */
  async settle(wallet: Wallet, locator: string, context: CommandContext): Promise<Wallet> {
    if (!wallet.adminSigner || wallet.adminSigner.locator === locator) return wallet;
    const present = wallet.delegatedSigners.some((delegated) => delegated.signer.locator === locator);
    const change = await this.registrations.find(present ? 'remove' : 'add', wallet, locator);
    if (change === null) return wallet;
    if ('transactionId' in change) {
      const operation = await this.operations.find(wallet, change.transactionId);
      return (operation && (await this.registrations.completeOperation(operation, context))) ?? wallet;
    }
    const request = (await this.aggregates.load(SignatureRequestAggregate, change.signatureId))?.state;
    return (request && (await this.registrations.complete(request, context))) ?? wallet;
  }
}
