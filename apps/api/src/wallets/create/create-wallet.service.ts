import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { type Clock, type CommandContext, DomainException, conflict } from '@paykit/kernel';
import {
  type CreateWallet,
  type CreateWalletRequest,
  type WalletResource,
  custodialKeysNeeded,
  formatOwner,
  parseOwner,
  toWalletResource,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { callerOwner, isVisibleTo, ownerNotAllowed } from '../directory/caller-owner.js';
import { identityKeyOfRequest, walletIdOfAddress, walletIdOfIdentity, walletIdOfKey } from '../directory/wallet-ids.js';
import { type StoredWallet, type WhenExisting, WalletRepository, newWalletOf } from '../directory/wallet-repository.js';
import type { WalletsRequest } from '../http/command-context.js';
import { generateCustodialKeys } from '../secrets/custodial-keys.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { CreationKeys, type KeyClaim } from './creation-keys.js';

export interface CreateWalletOutcome {
  /** 201 when this request created the wallet, 200 for an existing one (same identity, or a key used before). */
  readonly status: 200 | 201;
  readonly wallet: WalletResource;
}

export interface CreateWalletInput {
  readonly body: CreateWalletRequest;
  readonly idempotencyKey?: string;
  /** `POST /wallets/me`: the wallet belongs to the calling user. */
  readonly forCaller: boolean;
}

/** How long a request whose key another request claimed waits for that wallet before making it itself. */
const CLAIMED_WALLET_WAIT_MS = 2_000;
const CLAIMED_WALLET_POLL_MS = 25;

/** The id a request is decided with before the address it derives names its wallet. */
const UNNAMED = 'unnamed';

/**
 * Create wallet, exactly once by construction: every id a create writes to is derived from the
 * request (its identity, its idempotency key, or else the address it derives), so a retry after
 * a crash at any point names the same streams and finishes what the first attempt began.
 */
@Injectable()
export class CreateWalletService {
  constructor(
    private readonly wallets: WalletRepository,
    private readonly keys: CreationKeys,
    private readonly secrets: WalletSecrets,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create({ principal, context }: WalletsRequest, input: CreateWalletInput): Promise<CreateWalletOutcome> {
    const actsForCaller = principal.keyKind === 'client' || input.forCaller;
    const request = withOwner(input.body, actsForCaller ? formatOwner(callerOwner(principal, 'owner')) : undefined);
    const { projectId } = principal;
    const identityKey = identityKeyOfRequest(request);
    const commandFor = this.commands(principal, request);
    if (input.idempotencyKey === undefined) {
      if (identityKey !== undefined) return this.put(commandFor(walletIdOfIdentity(projectId, identityKey)), context, 'existing');
      // Without identity or key, two requests are two wallets: one on a taken address is a 409.
      const { chainType, address } = newWalletOf(commandFor(UNNAMED));
      return this.put(commandFor(walletIdOfAddress(projectId, chainType, address)), context, 'refuse');
    }
    const walletId = identityKey !== undefined ? walletIdOfIdentity(projectId, identityKey) : walletIdOfKey(projectId, input.idempotencyKey);
    const command = commandFor(walletId);
    // A request refused as invalid must not use up its key: the client fixes it and retries.
    newWalletOf(command);
    const claim = await this.keys.claim(projectId, input.idempotencyKey, { walletId, request }, context);
    return claim.kind === 'claimed' ? this.put(command, context, 'existing') : this.keyUsedBefore(principal, context, claim);
  }

  /**
   * The key names its wallet for good: answer that wallet. If it is missing, the request that
   * claimed the key is still running or died before creating it; after a short wait this request
   * creates it from the claimed request (the create is a no_stream append, so only one succeeds).
   */
  private async keyUsedBefore(
    principal: Principal,
    context: CommandContext,
    claim: Extract<KeyClaim, { kind: 'used' }>,
  ): Promise<CreateWalletOutcome> {
    const existing = await this.claimedWallet(claim.walletId);
    // Client keys act for their user only: another user's key names nothing this caller may see.
    const owner = existing ? existing.wallet.owner : claim.request?.owner;
    if (!isVisibleTo(principal, principal.projectId, owner)) {
      throw new DomainException(conflict('idempotency_key_reused', 'This idempotency key was used by another user; use another key', {}));
    }
    if (existing) return { status: 200, wallet: toWalletResource(existing.wallet) };
    if (claim.request === undefined) {
      // A claim from before v2 names a random wallet id and no request: nothing to finish it with.
      throw new DomainException(
        conflict('idempotency_request_in_progress', 'The request that used this idempotency key did not finish; use another key', {}),
      );
    }
    return this.put(this.commands(principal, claim.request)(claim.walletId), context, 'existing');
  }

  private async put(command: CreateWallet, context: CommandContext, whenExisting: WhenExisting): Promise<CreateWalletOutcome> {
    const outcome = await this.wallets.create(command, context, whenExisting);
    return { status: outcome.created ? 201 : 200, wallet: toWalletResource(outcome.wallet) };
  }

  /** Commands for one request under different ids, with its custodial keys generated once. */
  private commands(principal: Principal, request: CreateWalletRequest): (walletId: string) => CreateWallet {
    const custodialKeys = generateCustodialKeys(custodialKeysNeeded(request), this.secrets.custodialKeyEncryption);
    const now = this.clock.now().getTime();
    return (walletId) => ({
      type: 'CreateWallet',
      data: { walletId, projectId: principal.projectId, environment: principal.environment, request, custodialKeys, now },
    });
  }

  /** The wallet a used key names, waiting a little for a request that is still creating it. */
  private async claimedWallet(walletId: string): Promise<StoredWallet | null> {
    const deadline = Date.now() + CLAIMED_WALLET_WAIT_MS;
    for (;;) {
      const stored = await this.wallets.load(walletId);
      if (stored || Date.now() >= deadline) return stored;
      await sleep(CLAIMED_WALLET_POLL_MS);
    }
  }
}

/** The caller's user as owner; an owner in the body must be that same user. */
const withOwner = (body: CreateWalletRequest, owner: string | undefined): CreateWalletRequest => {
  if (owner === undefined) return body;
  if (body.owner !== undefined) {
    const given = parseOwner(body.owner);
    if (E.isLeft(given) || formatOwner(given.right) !== owner) throw ownerNotAllowed(owner);
  }
  return { ...body, owner };
};
