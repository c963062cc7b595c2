import { Injectable } from '@nestjs/common';
import { isLinkableChainType } from '@paykit/identity';
import { chainTypesOfAddress, isAddressOf, normalizeAddress } from '@paykit/wallets';
import { Aggregates } from '../infrastructure/aggregates/aggregates.js';
import { LinkedWalletAggregate } from './linked-wallet.aggregate.js';

/**
 * External wallets linked to users, for the orders area: a wallet counts as a user's only once
 * it has signed its link challenge (linked-wallets/link-wallet.handler.ts).
 */
@Injectable()
export class LinkedWalletsService {
  constructor(private readonly aggregates: Aggregates) {}

  /** The user a verified linked wallet belongs to, or null (chain type inferred from the address when not given). */
  async linkedUserOf(projectId: string, address: string, chainType?: string): Promise<string | null> {
    const candidates = chainType === undefined ? chainTypesOfAddress(address) : [chainType];
    for (const candidate of candidates) {
      if (!isLinkableChainType(candidate) || !isAddressOf(candidate, address)) continue;
      const ref = { projectId, chainType: candidate, address: normalizeAddress(candidate, address) };
      const verified = (await this.aggregates.load(LinkedWalletAggregate, ref))?.state.verified;
      if (verified) return verified.userLocator;
    }
    return null;
  }

  /** Whether an onramp may deliver to this address as a user's wallet: only verified links count. */
  async isLinkedToUser(projectId: string, address: string, chainType?: string): Promise<boolean> {
    return (await this.linkedUserOf(projectId, address, chainType)) !== null;
  }
}
