import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LinkWalletBody, LinkedWalletResponse } from '@paykit/contracts';
import {
  type LinkChallenge,
  type LinkableChainType,
  type LinkedWalletState,
  LINK_STATEMENT,
  challengeMessage,
  fieldError,
  parseUserLocator,
} from '@paykit/identity';
import { DomainException, getOrThrow } from '@paykit/kernel';
import { type Environment, chainsOf, isAddressOf, normalizeAddress } from '@paykit/wallets';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { LinkedWalletAggregate } from '../linked-wallet.aggregate.js';

/** How long a wallet has to sign its challenge. */
const CHALLENGE_TTL_MS = 10 * 60_000;

/** CAIP-2 references of the Solana clusters (their genesis hashes), per environment. */
const SOLANA_CHAIN_IDS: Readonly<Record<Environment, string>> = {
  staging: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  production: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
};

const chainIdOf = (chainType: LinkableChainType, environment: Environment): string =>
  chainType === 'solana' ? SOLANA_CHAIN_IDS[environment] : `eip155:${chainsOf(environment, 'evm')[0]?.evmChainId ?? 1}`;

/** `PUT /2025-06-09/users/{userLocator}/linked-wallets/{address}`: without proof, the challenge to sign; with proof, its verification. */
export class LinkWallet extends Command<LinkedWalletResponse> {
  constructor(
    readonly caller: Caller,
    readonly userLocator: string,
    readonly address: string,
    readonly body: LinkWalletBody,
  ) {
    super();
  }
}

/**
 * A wallet is claimed with a CAIP-122 challenge kept on its stream, and counts as the user's
 * only once it has signed that challenge (verified cryptographically). A wallet is verified
 * for one user of a project at most.
 */
@CommandHandler(LinkWallet)
export class LinkWalletHandler implements ICommandHandler<LinkWallet> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ caller, userLocator, address: addressText, body }: LinkWallet): Promise<LinkedWalletResponse> {
    const user = getOrThrow(parseUserLocator(userLocator));
    const { chainType } = body;
    if (!isAddressOf(chainType, addressText)) {
      throw new DomainException(fieldError('address', `is not ${chainType === 'evm' ? 'an EVM' : 'a Solana'} address`));
    }
    const address = normalizeAddress(chainType, addressText);
    const now = this.aggregates.now();
    const identity = { userLocator: user, chainType, address };
    const command =
      body.proof === undefined
        ? {
            type: 'RequestWalletLink' as const,
            data: { ...identity, ...this.challengeFor(chainType, address, now), now: now.toISOString() },
          }
        : { type: 'ProveWalletOwnership' as const, data: { ...identity, proof: body.proof, now: now.toISOString() } };
    const ref = { projectId: caller.context.projectId, chainType, address };
    const { state } = await this.aggregates.execute(LinkedWalletAggregate, ref, command, caller.context);
    return present(chainType, address, state);
  }

  private challengeFor(
    chainType: LinkableChainType,
    address: string,
    now: Date,
  ): { challenge: LinkChallenge; message: string } {
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
