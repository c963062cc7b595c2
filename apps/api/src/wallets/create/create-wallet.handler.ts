import { setTimeout as sleep } from 'node:timers/promises';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandContext, DomainException, conflict, getOrThrow } from '@paykit/kernel';
import {
  type CreateWalletRequest,
  type CreateWallet as WalletCreation,
  type WalletResource,
  formatOwner,
  newWalletOf,
  parseOwner,
  toWalletResource,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import type { Caller } from '../../http/caller.js';
import { keyScopeOf } from '../../http/idempotency/key-scope.js';
import { callerOwner, isVisibleTo, ownerNotAllowed } from '../directory/caller-owner.js';
import { type StoredWallet, WalletDirectory } from '../directory/wallet-directory.js';
import { identityKeyOfRequest, walletIdOfAddress, walletIdOfIdentity, walletIdOfKey } from '../directory/wallet-ids.js';
import { CreationKeys, type KeyClaim } from './creation-keys.js';
import { type WhenExisting, WalletWrites } from './wallet-writes.js';

export interface CreateWalletInput {
  readonly body: CreateWalletRequest;
  readonly idempotencyKey?: string;
  /** `POST /wallets/me`: the wallet belongs to the calling user. */
  readonly forCaller: boolean;
}

export interface CreatedWallet {
  /** 201 when this request created the wallet, 200 for an existing one (same identity, or a key used before). */
  readonly status: 200 | 201;
  readonly wallet: WalletResource;
}

/** `POST /2025-06-09/wallets[/me]`: a wallet for a chain, or the existing one its identity or key names. */
export class CreateWallet extends Command<CreatedWallet> {
  constructor(
    readonly caller: Caller,
    readonly input: CreateWalletInput,
  ) {
    super();
  }
}

/** How long a request whose key another request claimed waits for that wallet before making it itself. */
const CLAIMED_WALLET_WAIT_MS = 2_000;
const CLAIMED_WALLET_POLL_MS = 25;

/** The id a request is decided with before the address it derives names its wallet. */
const UNNAMED = 'unnamed';

/**
 * Create wallet, exactly once by construction (ADRs 0420, 0425): every id a create writes to is
 * derived from the request (its identity, its idempotency key, or else the address it derives),
 * so a retry after a crash at any point names the same streams and finishes what the first
 * attempt began.
 */
@CommandHandler(CreateWallet)
export class CreateWalletHandler implements ICommandHandler<CreateWallet> {
  constructor(
    private readonly writes: WalletWrites,
    private readonly wallets: WalletDirectory,
    private readonly keys: CreationKeys,
  ) {}

  async execute({ caller: { principal, context }, input }: CreateWallet): Promise<CreatedWallet> {
    const actsForCaller = principal.keyKind === 'client' || input.forCaller;
    const request = withOwner(input.body, actsForCaller ? formatOwner(callerOwner(principal, 'owner')) : undefined);
    const { projectId } = principal;
    const identityKey = identityKeyOfRequest(request);
    const commandFor = this.writes.commandsFor(principal, request);
    if (input.idempotencyKey === undefined) {
      if (identityKey !== undefined)
        return this.put(commandFor(walletIdOfIdentity(projectId, identityKey)), context, 'existing');
      // Without identity or key, two requests are two wallets: one on a taken address is a 409.
      const { chainType, address } = getOrThrow(newWalletOf(commandFor(UNNAMED)));
      return this.put(commandFor(walletIdOfAddress(projectId, chainType, address)), context, 'refuse');
    }
    // The key is the caller's: its project's and the user it acts for (ADR 0311).
    const keyScope = keyScopeOf(principal);
    const walletId =
      identityKey !== undefined
        ? walletIdOfIdentity(projectId, identityKey)
        : walletIdOfKey(keyScope, input.idempotencyKey);
    const command = commandFor(walletId);
    // A request refused as invalid must not use up its key: the client fixes it and retries.
    getOrThrow(newWalletOf(command));
    const claim = await this.keys.claim(keyScope, input.idempotencyKey, { walletId, request }, context);
    return claim.kind === 'claimed'
      ? this.put(command, context, 'existing')
      : this.keyUsedBefore(principal, context, claim);
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
  ): Promise<CreatedWallet> {
    const existing = await this.claimedWallet(claim.walletId);
    // Client keys act for their user only: another user's key (a claim made before ADR 0311 scoped
    // keys to their user) names nothing this caller may see.
    const owner = existing ? existing.wallet.owner : claim.request?.owner;
    if (!isVisibleTo(principal, principal.projectId, owner)) {
      throw new DomainException(
        conflict('idempotency_key_reused', 'This idempotency key was used by another user; use another key', {}),
      );
    }
    if (existing) return { status: 200, wallet: toWalletResource(existing.wallet) };
    if (claim.request === undefined) {
      // A claim from before v2 names a random wallet id and no request: nothing to finish it with.
      throw new DomainException(
        conflict(
          'idempotency_request_in_progress',
          'The request that used this idempotency key did not finish; use another key',
          {},
        ),
      );
    }
    return this.put(this.writes.commandsFor(principal, claim.request)(claim.walletId), context, 'existing');
  }

  private async put(command: WalletCreation, context: CommandContext, whenExisting: WhenExisting) {
    const { status, wallet } = await this.writes.put(command, context, whenExisting);
    return { status, wallet: toWalletResource(wallet) };
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
