import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateSignatureBody } from '@paykit/contracts';
import { DomainException, type IdGenerator, getOrThrow, invalid } from '@paykit/kernel';
import {
  SERVICE_HELD_SIGNERS,
  type SignatureRequest,
  type SignatureRequestParams,
  type SignatureResource,
  type Wallet,
  signatureDigestOf,
  signatureSignerOf,
  signersOf,
  smartAccountMessageHash,
  toSignatureResource,
} from '@paykit/wallets';
import type { Address, Hex, TypedDataDefinition } from 'viem';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { ID_GENERATOR } from '../../infrastructure/tokens.js';
import { chainsOfWallet, walletChain } from '../balances/wallet-chains.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { SignerAuthority } from '../signers/signer-authority.js';
import { ServiceSigner } from './service-signer.js';
import { SignatureRequestAggregate } from './signature-request.aggregate.js';
import { signatureAfter, signingWallet } from './wallet-signature.js';

const refuse = (code: string, message: string) => new DomainException(invalid(code, message));

/** The digest a verifier will check; typed data that does not encode is the client's 400. */
const digestOf = (params: SignatureRequestParams): Hex => {
  try {
    return signatureDigestOf(params);
  } catch (error) {
    throw refuse('invalid_typed_data', `params.typedData: ${(error as Error).message.split('\n')[0]}`);
  }
};

const paramsOf = (body: CreateSignatureBody): SignatureRequestParams =>
  body.type === 'message'
    ? { type: 'message', message: body.params.message }
    : { type: 'typed-data', typedData: body.params.typedData as unknown as TypedDataDefinition };

/** `POST /2025-06-09/wallets/{walletLocator}/signatures` (COMPAT.md): a wallet's signature of a message or typed data, on EVM. */
export class CreateSignature extends Command<SignatureResource> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly body: CreateSignatureBody,
  ) {
    super();
  }
}

/**
 * Smart wallets sign through a signer, who approves the smart-account message hash; the result
 * verifies with ERC-1271 (viem's verifyMessage and verifyTypedData). MPC wallets, and signers
 * whose key the service holds, sign at once.
 */
@CommandHandler(CreateSignature)
export class CreateSignatureHandler implements ICommandHandler<CreateSignature> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly resolver: WalletResolver,
    private readonly serviceSigner: ServiceSigner,
    private readonly authority: SignerAuthority,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ caller: { principal, context }, walletLocator, body }: CreateSignature): Promise<SignatureResource> {
    const resolved = (await this.resolver.resolve(principal, walletLocator)).wallet;
    // The signer named is taken as its approved changes left it (ADR 0452).
    const wallet = await this.authority.settleNamed(resolved, body.params.signer, context);
    if (wallet.chainType !== 'evm') {
      throw refuse(
        'signatures_not_supported',
        `walletLocator: signatures are made by EVM wallets; this is a ${wallet.chainType} wallet`,
      );
    }
    const chain =
      body.params.chain === undefined
        ? chainsOfWallet(wallet)[0]
        : walletChain(wallet, body.params.chain, 'params.chain');
    if (!chain?.evmChainId) throw new Error(`no EVM chain for wallet ${wallet.walletId}`);
    // A delegated signer signs only unexpired and without transfer scopes (ADR 0453).
    const signer = getOrThrow(
      signatureSignerOf(wallet, body.params.signer, { type: body.type, now: this.aggregates.now().getTime() }),
    );
    const digest = digestOf(paramsOf(body));
    const approvalMessage =
      wallet.walletType === 'smart'
        ? smartAccountMessageHash(wallet.address as Address, chain.evmChainId, digest)
        : digest;
    const signatureId = this.ids.uuid();
    const executed = await this.aggregates.execute(
      SignatureRequestAggregate,
      signatureId,
      {
        type: 'RequestSignature',
        data: {
          signatureId,
          ...signingWallet(wallet),
          chain: chain.name,
          type: body.type,
          params: withoutRouting(body.params),
          signer,
          digest,
          approvalMessage,
          createdAt: this.aggregates.now().toISOString(),
          ...(await this.signedByService(wallet, signer, digest, approvalMessage)),
        },
      },
      context,
    );
    return toSignatureResource(signatureAfter(signatureId, executed));
  }

  /** The key the service holds signs now: the MPC wallet's own (the digest), or a custodial signer's (the smart-account hash). */
  private async signedByService(
    wallet: Wallet,
    signer: SignatureRequest['signer'],
    digest: Hex,
    approvalMessage: Hex,
  ): Promise<{ signedByService?: string }> {
    if (wallet.walletType === 'mpc') return { signedByService: await this.serviceSigner.signHash(wallet, digest) };
    const held = signersOf(wallet).find(
      (candidate) => candidate.locator === signer.locator && SERVICE_HELD_SIGNERS.has(candidate.type),
    );
    return held ? { signedByService: await this.serviceSigner.signPersonal(wallet, held, approvalMessage) } : {};
  }
}

/** The params are echoed in the resource with the resolved signer and chain, not as sent. */
const withoutRouting = ({ signer, chain, ...rest }: Record<string, unknown>): Record<string, unknown> => {
  void signer;
  void chain;
  return rest;
};
