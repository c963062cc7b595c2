import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterSignerBody } from '@paykit/contracts';
import { type IdGenerator, getOrThrow } from '@paykit/kernel';
import {
  type AddDelegatedSigner,
  SERVICE_HELD_SIGNERS,
  custodialKeysNeededForSigner,
  delegatedSignerAddition,
  delegatedSignerDigest,
  registrationApprover,
  signerGeneration,
  smartAccountMessageHash,
} from '@paykit/wallets';
import type { Address } from 'viem';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { ID_GENERATOR } from '../../infrastructure/tokens.js';
import { chainsOfWallet, walletChain } from '../balances/wallet-chains.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { generateCustodialKeys } from '../secrets/custodial-keys.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { ServiceSigner } from '../signatures/service-signer.js';
import { SignatureRequestAggregate } from '../signatures/signature-request.aggregate.js';
import { signingWallet } from '../signatures/wallet-signature.js';
import { SignerOperations } from './signer-operations.js';
import { SignerRegistrations } from './signer-registrations.js';
import { type SignerStatusResource, SignerStatuses, statusOf } from './signer-statuses.js';

/**
 * `POST /2025-06-09/wallets/{walletLocator}/signers` (the public SDK's `addSigner`): a delegated
 * signer for a smart wallet. The same request again answers the same registration.
 */
export class RegisterSigner extends Command<SignerStatusResource> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly body: RegisterSignerBody,
  ) {
    super();
  }
}

/**
 * The signer joins once the wallet's admin approves the registration: on EVM a signature request
 * of type `add-signer` (ADR 0445), elsewhere a wallet transaction of kind add-signer (ADR 0448);
 * approved at once when the service holds the admin's key.
 */
@CommandHandler(RegisterSigner)
export class RegisterSignerHandler implements ICommandHandler<RegisterSigner> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly resolver: WalletResolver,
    private readonly registrations: SignerRegistrations,
    private readonly operations: SignerOperations,
    private readonly statuses: SignerStatuses,
    private readonly serviceSigner: ServiceSigner,
    private readonly secrets: WalletSecrets,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ caller, walletLocator, body }: RegisterSigner): Promise<SignerStatusResource> {
    const { wallet } = await this.resolver.resolve(caller.principal, walletLocator);
    const admin = getOrThrow(registrationApprover(wallet));
    const chain = body.chain === undefined ? chainsOfWallet(wallet)[0] : walletChain(wallet, body.chain, 'chain');
    if (!chain) throw new Error(`no chain for wallet ${wallet.walletId}`);
    const request = {
      signer: body.signer,
      ...(body.scopes && { scopes: body.scopes }),
      ...(body.expiresAt !== undefined && { expiresAt: body.expiresAt }),
    };
    const custodialKeys = generateCustodialKeys(
      custodialKeysNeededForSigner(wallet.chainType, request),
      this.secrets.custodialKeyEncryption,
    );
    const command: AddDelegatedSigner = {
      type: 'AddDelegatedSigner',
      data: { walletId: wallet.walletId, request, custodialKeys, now: this.aggregates.now().getTime() },
    };
    const addition = getOrThrow(delegatedSignerAddition(wallet, command));
    if (addition.present)
      return statusOf(
        addition.delegatedSigner,
        await this.statuses.registration(wallet, addition.delegatedSigner.signer.locator),
      );
    const delegated = addition.delegatedSigner;
    const locator = delegated.signer.locator;
    const grant = {
      scopes: delegated.scopes,
      ...(delegated.expiresAt !== undefined && { expiresAt: delegated.expiresAt }),
    };
    if (chain.evmChainId === undefined) {
      // Solana and Stellar: a wallet transaction the admin approves (ADR 0448).
      const change = { kind: 'add-signer' as const, locator, chain: chain.name, admin, grant };
      await this.operations.open(wallet, { ...change, addition: { request, custodialKeys } }, caller.context);
      return this.statuses.read(wallet, locator, caller.context) as Promise<SignerStatusResource>;
    }
    const proposed = { signatureId: this.ids.uuid() };
    const { change, claimed } = await this.registrations.claim('add', wallet, locator, proposed, caller.context);
    if (!('signatureId' in change)) throw new Error(`signer ${locator} is being added through a transaction`);
    const { signatureId } = change;
    // Not ours and not there: a crash came between an earlier request's claim and its signature request.
    if (claimed || !(await this.aggregates.load(SignatureRequestAggregate, signatureId))?.state) {
      const digest = delegatedSignerDigest(
        wallet.address as Address,
        locator,
        grant,
        signerGeneration(wallet, locator),
      );
      const approvalMessage = smartAccountMessageHash(wallet.address as Address, chain.evmChainId, digest);
      const signed = SERVICE_HELD_SIGNERS.has(admin.type)
        ? { signedByService: await this.serviceSigner.signPersonal(wallet, admin, approvalMessage) }
        : {};
      // A concurrent request may open it first (the decider refuses a second opening): theirs stands.
      await this.aggregates.tryExecute(
        SignatureRequestAggregate,
        signatureId,
        {
          type: 'RequestSignature',
          data: {
            signatureId,
            ...signingWallet(wallet),
            chain: chain.name,
            type: 'add-signer',
            params: { delegatedSigner: locator },
            signer: { type: admin.type, address: admin.address, locator: admin.locator },
            digest,
            approvalMessage,
            createdAt: this.aggregates.now().toISOString(),
            purpose: {
              kind: 'add-delegated-signer',
              generation: signerGeneration(wallet, locator),
              request,
              custodialKeys,
            },
            ...signed,
          },
        },
        caller.context,
      );
    }
    return this.statuses.read(wallet, locator, caller.context) as Promise<SignerStatusResource>;
  }
}
