import { setTimeout as sleep } from 'node:timers/promises';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandContext, DomainException, conflict, getOrThrow } from '@paykit/kernel';
import {
  type CreateWalletRequest,
  type CreateWallet as WalletCreation,
  type WalletResource,
  custodialKeysNeeded,
  formatOwner,
  newWalletOf,
  parseOwner,
  toWalletResource,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import type { Caller } from '../../http/caller.js';
import { keyScopeOf } from '../../http/idempotency/key-scope.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { AddressClaims, addressInUse } from '../directory/address-claims.js';
import { callerOwner, isVisibleTo, ownerNotAllowed } from '../directory/caller-owner.js';
import { type StoredWallet, WalletDirectory } from '../directory/wallet-directory.js';
import { identityKeyOfRequest, walletIdOfAddress, walletIdOfIdentity, walletIdOfKey } from '../directory/wallet-ids.js';
import { WalletAggregate } from '../directory/wallet.aggregate.js';
import { generateCustodialKeys } from '../secrets/custodial-keys.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { CreationKeys, type KeyClaim } from './creation-keys.js';

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

/**
 * What a create whose wallet id is taken answers: `existing` when the id names the same wallet
 * by the spec's rules (derived from its identity or idempotency key), `refuse` (409) otherwise.
 */
type WhenExisting = 'existing' | 'refuse';

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
    private readonly aggregates: Aggregates,
    private readonly wallets: WalletDirectory,
    private readonly addresses: AddressClaims,
    private readonly keys: CreationKeys,
    private readonly secrets: WalletSecrets,
  ) {}

  async execute({ caller: { principal, context }, input }: CreateWallet): Promise<CreatedWallet> {
    const actsForCaller = principal.keyKind === 'client' || input.forCaller;
    const request = withOwner(input.body, actsForCaller ? formatOwner(callerOwner(principal, 'owner')) : undefined);
    const { projectId } = principal;
    const identityKey = identityKeyOfRequest(request);
    const commandFor = this.commands(principal, request);
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
    return this.put(this.commands(principal, claim.request)(claim.walletId), context, 'existing');
  }

  /**
   * Claims the new wallet's address, then creates the wallet on its stream; a stream that holds
   * it already is answered per `whenExisting`. Both writes are claims of names derived from the
   * request, so a retry after a crash between them finds the address claim its own and finishes.
   */
  private async put(
    command: WalletCreation,
    context: CommandContext,
    whenExisting: WhenExisting,
  ): Promise<CreatedWallet> {
    const wallet = getOrThrow(newWalletOf(command));
    await this.addresses.claim(wallet, context);
    // The address was just claimed for this wallet id: its stream is almost always new.
    const { events, state } = await this.aggregates.execute(WalletAggregate, wallet.walletId, command, context, {
      expectNew: true,
    });
    if (events.length > 0) return { status: 201, wallet: toWalletResource(wallet) };
    if (whenExisting === 'refuse') throw addressInUse(wallet.address);
    if (state.status !== 'created')
      throw new Error(`wallet ${wallet.walletId}: a create that appended nothing left no wallet`);
    return { status: 200, wallet: toWalletResource(state.wallet) };
  }

  /** Commands for one request under different ids, with its custodial keys generated once. */
  private commands(principal: Principal, request: CreateWalletRequest): (walletId: string) => WalletCreation {
    const custodialKeys = generateCustodialKeys(custodialKeysNeeded(request), this.secrets.custodialKeyEncryption);
    const now = this.aggregates.now().getTime();
    return (walletId) => ({
      type: 'CreateWallet',
      data: {
        walletId,
        projectId: principal.projectId,
        environment: principal.environment,
        request,
        custodialKeys,
        now,
      },
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
