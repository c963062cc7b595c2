import { Inject, Injectable } from '@nestjs/common';
import type { RegisterSignerBody } from '@paykit/contracts';
import { type Clock, type CommandContext, DomainException, type IdGenerator, invalid, notFound } from '@paykit/kernel';
import {
  type AddDelegatedSigner,
  type DelegatedSigner,
  type DelegatedSignerResource,
  type SignatureRequest,
  type Wallet,
  custodialKeysNeededForSigner,
  delegatedSignerDigest,
  normalizeSignerLocator,
  smartAccountMessageHash,
  toDelegatedSignerResource,
  walletDecider,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Address } from 'viem';
import { CLOCK, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { chainsOfWallet, walletChain } from '../balances/wallet-chains.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import type { WalletsRequest } from '../http/command-context.js';
import { generateCustodialKeys } from '../secrets/custodial-keys.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { ServiceSigner } from '../signatures/service-signer.js';
import { SignatureRepository } from '../signatures/signature-repository.js';
import { SERVICE_HELD_SIGNERS } from '../transfers/required-approvals.js';
import { SignerRegistrations } from './signer-registrations.js';
import { WalletSigners } from './wallet-signers.js';

/** The SDK's delegated signer: per chain, whether it is approved, or the signature that would approve it. */
export type SignerStatusResource = Omit<DelegatedSignerResource, 'chains'> & {
  readonly chains: Readonly<Record<string, { readonly status: 'awaiting-approval' | 'success'; readonly id?: string }>>;
};

/**
 * `POST .../signers` and `GET .../signers/{signer}` (the public SDK's `addSigner`, `signers()`):
 * a delegated signer joins an EVM smart wallet once its admin signs the registration
 * (a signature request of type `add-signer`, ADR 0445).
 */
@Injectable()
export class SignersService {
  constructor(
    private readonly resolver: WalletResolver,
    private readonly signatures: SignatureRepository,
    private readonly registrations: SignerRegistrations,
    private readonly walletSigners: WalletSigners,
    private readonly serviceSigner: ServiceSigner,
    private readonly secrets: WalletSecrets,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async register(caller: WalletsRequest, walletLocator: string, body: RegisterSignerBody): Promise<SignerStatusResource> {
    const { wallet } = await this.resolver.resolve(caller.principal, walletLocator);
    if (wallet.walletType !== 'smart' || !wallet.adminSigner) {
      throw new DomainException(invalid('delegated_signers_not_supported', `${wallet.chainType} ${wallet.walletType} wallets take no delegated signers`));
    }
    if (wallet.chainType !== 'evm') {
      throw new DomainException(
        invalid('signer_registration_not_supported', `walletLocator: adding a signer to a ${wallet.chainType} wallet after creation is not supported yet; list it in config.delegatedSigners at creation`),
      );
    }
    const chain = body.chain === undefined ? chainsOfWallet(wallet)[0] : walletChain(wallet, body.chain, 'chain');
    if (!chain?.evmChainId) throw new Error(`no EVM chain for wallet ${wallet.walletId}`);
    const request = { signer: body.signer, ...(body.scopes && { scopes: body.scopes }), ...(body.expiresAt !== undefined && { expiresAt: body.expiresAt }) };
    const custodialKeys = generateCustodialKeys(custodialKeysNeededForSigner(wallet.chainType, request), this.secrets.custodialKeyEncryption);
    const command: AddDelegatedSigner = { type: 'AddDelegatedSigner', data: { walletId: wallet.walletId, request, custodialKeys, now: this.clock.now().getTime() } };
    const delegated = this.dryRun(wallet, command);
    if (!delegated) return this.statusOf(wallet, this.existing(wallet, command));
    const locator = delegated.signer.locator;
    const { signatureId, claimed } = await this.registrations.claim(wallet.walletId, locator, this.ids.uuid(), caller.context);
    if (claimed) {
      const digest = delegatedSignerDigest(wallet.address as Address, locator, { scopes: delegated.scopes, ...(delegated.expiresAt !== undefined && { expiresAt: delegated.expiresAt }) });
      const approvalMessage = smartAccountMessageHash(wallet.address as Address, chain.evmChainId, digest);
      const admin = wallet.adminSigner;
      const signed = SERVICE_HELD_SIGNERS.has(admin.type) ? { signedByService: await this.serviceSigner.signPersonal(wallet, admin, approvalMessage) } : {};
      await this.signatures.handle(
        signatureId,
        {
          type: 'RequestSignature',
          data: {
            signatureId,
            walletId: wallet.walletId,
            walletAddress: wallet.address,
            environment: wallet.environment,
            walletType: wallet.walletType,
            chain: chain.name,
            type: 'add-signer',
            params: { delegatedSigner: locator },
            signer: { type: admin.type, address: admin.address, locator: admin.locator },
            digest,
            approvalMessage,
            createdAt: this.clock.now().toISOString(),
            purpose: { kind: 'add-delegated-signer', request, custodialKeys },
            ...signed,
          },
        },
        caller.context,
      );
    }
    return this.read(wallet, locator, caller.context) as Promise<SignerStatusResource>;
  }

  async get(caller: WalletsRequest, walletLocator: string, signer: string): Promise<SignerStatusResource> {
    const { wallet } = await this.resolver.resolve(caller.principal, walletLocator);
    const found = await this.read(wallet, normalizeSignerLocator(wallet.chainType, signer), caller.context);
    if (!found) throw new DomainException(notFound(`${signer} is not a delegated signer of this wallet`));
    return found;
  }

  /** A delegated signer (approved), or one whose registration awaits the admin; completes an approved one a crash left behind. */
  private async read(wallet: Wallet, locator: string, context: CommandContext): Promise<SignerStatusResource | null> {
    const added = wallet.delegatedSigners.find((delegated) => delegated.signer.locator === locator);
    if (added) return this.statusOf(wallet, added);
    const signatureId = await this.registrations.find(wallet.walletId, locator);
    const stored = signatureId === null ? null : await this.signatures.load(signatureId);
    if (!stored) return null;
    if (stored.request.outputSignature !== undefined) {
      const updated = await this.walletSigners.completeRegistration(stored.request, context);
      const now = updated?.delegatedSigners.find((delegated) => delegated.signer.locator === locator);
      return now ? this.statusOf(updated as Wallet, now) : null;
    }
    return this.pendingOf(wallet, stored.request, locator);
  }

  private pendingOf(wallet: Wallet, request: SignatureRequest, locator: string): SignerStatusResource | null {
    const purpose = request.purpose;
    if (!purpose) return null;
    const delegated = this.dryRun(wallet, { type: 'AddDelegatedSigner', data: { walletId: wallet.walletId, request: purpose.request, custodialKeys: purpose.custodialKeys, now: Date.parse(request.createdAt) } });
    if (!delegated || delegated.signer.locator !== locator) return null;
    return { ...toDelegatedSignerResource(delegated), chains: { [request.chain]: { status: 'awaiting-approval', id: request.signatureId } } };
  }

  private statusOf(wallet: Wallet, delegated: DelegatedSigner | undefined): SignerStatusResource {
    if (!delegated) throw new Error(`wallet ${wallet.walletId}: a signer the decider found already added is missing`);
    return toDelegatedSignerResource(delegated);
  }

  /** The signer the command would add, or undefined when it is already there with the same grant; refusals are thrown. */
  private dryRun(wallet: Wallet, command: AddDelegatedSigner): DelegatedSigner | undefined {
    const decision = walletDecider.decide(command, { status: 'created', wallet, removedSigners: [] });
    if (E.isLeft(decision)) throw new DomainException(decision.left);
    const [added] = decision.right;
    return added?.type === 'DelegatedSignerAdded' ? added.data.delegatedSigner : undefined;
  }

  /** The delegated signer a command names that the wallet already has (the signer as it would be added to a wallet without any). */
  private existing(wallet: Wallet, command: AddDelegatedSigner): DelegatedSigner | undefined {
    const named = this.dryRun({ ...wallet, delegatedSigners: [] }, command);
    const sameSigner = (delegated: DelegatedSigner) =>
      named?.signer.type === 'api-key' ? delegated.signer.type === 'api-key' : delegated.signer.locator === named?.signer.locator;
    return wallet.delegatedSigners.find(sameSigner);
  }
}
