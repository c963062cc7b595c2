import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { LinkWalletBody, LinkedWalletResponse } from '@paykit/contracts';
import { type EventStore, handleCommand } from '@paykit/event-store';
import {
  type LinkChallenge,
  type LinkableChainType,
  type LinkedWalletEvent,
  type LinkedWalletState,
  LINK_STATEMENT,
  challengeMessage,
  fieldError,
  isLinkableChainType,
  linkedWalletDecider,
  linkedWalletStream,
  parseUserLocator,
} from '@paykit/identity';
import { type Clock, DomainException, type IdGenerator, getOrThrow } from '@paykit/kernel';
import { type Environment, chainTypesOfAddress, chainsOf, isAddressOf, normalizeAddress } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { type ProjectContext, toEnvelope } from './http/caller.js';

/** How long a wallet has to sign its challenge. */
const CHALLENGE_TTL_MS = 10 * 60_000;

/** CAIP-2 references of the Solana clusters (their genesis hashes), per environment. */
const SOLANA_CHAIN_IDS: Readonly<Record<Environment, string>> = {
  staging: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  production: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
};

const chainIdOf = (chainType: LinkableChainType, environment: Environment): string =>
  chainType === 'solana' ? SOLANA_CHAIN_IDS[environment] : `eip155:${chainsOf(environment, 'evm')[0]?.evmChainId ?? 1}`;

/**
 * External wallets linked to users: a wallet is claimed with a CAIP-122 challenge kept on
 * its stream, and counts as the user's only once it has signed that challenge (verified
 * cryptographically). A wallet is verified for one user of a project at most.
 */
@Injectable()
export class LinkedWalletsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** PUT .../linked-wallets/{address}: without proof, the challenge to sign; with proof, its verification. */
  async link(context: ProjectContext, userLocator: string, addressText: string, body: LinkWalletBody): Promise<LinkedWalletResponse> {
    const user = getOrThrow(parseUserLocator(userLocator));
    const { chainType } = body;
    if (!isAddressOf(chainType, addressText)) throw new DomainException(fieldError('address', `is not ${chainType === 'evm' ? 'an EVM' : 'a Solana'} address`));
    const address = normalizeAddress(chainType, addressText);
    const now = this.clock.now();
    const identity = { userLocator: user, chainType, address };
    const command =
      body.proof === undefined
        ? { type: 'RequestWalletLink' as const, data: { ...identity, ...this.challengeFor(chainType, address, now), now: now.toISOString() } }
        : { type: 'ProveWalletOwnership' as const, data: { ...identity, proof: body.proof, now: now.toISOString() } };
    const result = await handleCommand(
      this.store,
      linkedWalletStream(context.projectId, chainType, address),
      linkedWalletDecider,
      command,
      toEnvelope(context, this.clock, this.ids),
    );
    if (E.isLeft(result)) throw new DomainException(result.left);
    return present(chainType, address, result.right.state);
  }

  /** The user a verified linked wallet belongs to, or null (chain type inferred from the address when not given). */
  async linkedUserOf(projectId: string, address: string, chainType?: string): Promise<string | null> {
    const candidates = chainType === undefined ? chainTypesOfAddress(address) : [chainType];
    for (const candidate of candidates) {
      if (!isLinkableChainType(candidate) || !isAddressOf(candidate, address)) continue;
      const state = await this.load(projectId, candidate, normalizeAddress(candidate, address));
      if (state.verified) return state.verified.userLocator;
    }
    return null;
  }

  /** Whether an onramp may deliver to this address as a user's wallet: only verified links count. */
  async isLinkedToUser(projectId: string, address: string, chainType?: string): Promise<boolean> {
    return (await this.linkedUserOf(projectId, address, chainType)) !== null;
  }

  private challengeFor(chainType: LinkableChainType, address: string, now: Date): { challenge: LinkChallenge; message: string } {
    const domain = this.config.WALLET_LINK_DOMAIN;
    const challenge: LinkChallenge = {
      domain,
      address,
      statement: LINK_STATEMENT,
      uri: `https://${domain}`,
      chainId: chainIdOf(chainType, this.config.APP_ENV),
      nonce: randomBytes(16).toString('hex'),
      issuedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    };
    return { challenge, message: challengeMessage(chainType, challenge) };
  }

  private async load(projectId: string, chainType: string, address: string): Promise<LinkedWalletState> {
    let state = linkedWalletDecider.initialState();
    for await (const event of this.store.readStream(linkedWalletStream(projectId, chainType, address))) {
      state = linkedWalletDecider.evolve(state, { type: event.type, data: event.data } as LinkedWalletEvent);
    }
    return state;
  }
}

const present = (chainType: LinkableChainType, address: string, state: LinkedWalletState): LinkedWalletResponse => ({
  address,
  chainType,
  type: 'external-wallet',
  ownership:
    state.verified || !state.pending
      ? { verified: state.verified !== null }
      : { verified: false, verificationChallenge: { ...state.pending.challenge, message: state.pending.message } },
});
