import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { type Clock, DomainException, type IdGenerator, conflict } from '@paykit/kernel';
import {
  type CreateWallet,
  type CreateWalletRequest,
  type WalletResource,
  custodialKeysNeeded,
  formatOwner,
  parseOwner,
  toWalletResource,
  walletDecider,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { callerOwner, ownerNotAllowed } from '../directory/caller-owner.js';
import { identityKeyOfRequest, walletIdOfIdentity } from '../directory/wallet-ids.js';
import { WalletRepository } from '../directory/wallet-repository.js';
import type { WalletsRequest } from '../http/command-context.js';
import { generateCustodialKeys } from '../secrets/custodial-keys.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { CreationKeys, identityDigest } from './creation-keys.js';

export interface CreateWalletOutcome {
  /** 201 for a new wallet, 200 for an existing one (same identity, or a key used before). */
  readonly status: 200 | 201;
  readonly wallet: WalletResource;
}

export interface CreateWalletInput {
  readonly body: CreateWalletRequest;
  readonly idempotencyKey?: string;
  /** `POST /wallets/me`: the wallet belongs to the calling user. */
  readonly forCaller: boolean;
}

/** How long a request whose key another request claimed waits for that wallet to appear. */
const CLAIMED_WALLET_WAIT_MS = 2_000;
const CLAIMED_WALLET_POLL_MS = 25;

@Injectable()
export class CreateWalletService {
  constructor(
    private readonly wallets: WalletRepository,
    private readonly keys: CreationKeys,
    private readonly secrets: WalletSecrets,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async create({ principal, context }: WalletsRequest, input: CreateWalletInput): Promise<CreateWalletOutcome> {
    const actsForCaller = principal.keyKind === 'client' || input.forCaller;
    const request = withOwner(input.body, actsForCaller ? formatOwner(callerOwner(principal, 'owner')) : undefined);
    const identityKey = identityKeyOfRequest(request);
    const command = (walletId: string): CreateWallet => ({
      type: 'CreateWallet',
      data: {
        walletId,
        environment: principal.environment,
        request,
        custodialKeys: generateCustodialKeys(custodialKeysNeeded(request), this.secrets.custodialKeyEncryption),
        now: this.clock.now().getTime(),
      },
    });
    let walletId = identityKey === undefined ? this.ids.uuid() : walletIdOfIdentity(principal.projectId, identityKey);
    if (input.idempotencyKey !== undefined) {
      // A request refused as invalid must not use up its key: the client fixes it and retries.
      refuseIfInvalid(command(walletId));
      const claim = await this.keys.claim(
        principal.projectId,
        input.idempotencyKey,
        { walletId, identity: identityDigest(identityKey) },
        context,
      );
      if (claim.kind === 'used') {
        const identity = identityDigest(identityKey);
        if (identity === null || claim.identity !== identity) {
          const existing = await this.claimedWallet(claim.walletId);
          if (existing) return { status: 200, wallet: existing };
          // The request that claimed the key has not created its wallet (still running, or it
          // died); another request must not take that wallet id for a different wallet.
          throw new DomainException(
            conflict('idempotency_request_in_progress', 'A request with this idempotency key is still in progress; retry later', {
              idempotencyKey: input.idempotencyKey,
            }),
          );
        }
        // Same identity, same wallet id: creating is safe whether or not the first request finished.
        walletId = claim.walletId;
      }
    }
    const outcome = await this.wallets.create(command(walletId), context);
    return { status: outcome.created ? 201 : 200, wallet: toWalletResource(outcome.wallet) };
  }

  /** The wallet a used key names, waiting a little for a request that is still creating it. */
  private async claimedWallet(walletId: string): Promise<WalletResource | null> {
    const deadline = Date.now() + CLAIMED_WALLET_WAIT_MS;
    for (;;) {
      const stored = await this.wallets.load(walletId);
      if (stored) return toWalletResource(stored.wallet);
      if (Date.now() >= deadline) return null;
      await sleep(CLAIMED_WALLET_POLL_MS);
    }
  }
}

/** The caller's user as owner; an owner in the body must be that same user. */
const refuseIfInvalid = (command: CreateWallet): void => {
  const decision = walletDecider.decide(command, walletDecider.initialState());
  if (E.isLeft(decision)) throw new DomainException(decision.left);
};

const withOwner = (body: CreateWalletRequest, owner: string | undefined): CreateWalletRequest => {
  if (owner === undefined) return body;
  if (body.owner !== undefined) {
    const given = parseOwner(body.owner);
    if (E.isLeft(given) || formatOwner(given.right) !== owner) throw ownerNotAllowed(owner);
  }
  return { ...body, owner };
};
