import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SendTransactionBody } from '@paykit/contracts';
import { DomainException, formatDecimal, fromBaseUnits, getOrThrow, invalid } from '@paykit/kernel';
import type { ChainGateway } from '@paykit/providers';
import type { TransferResource } from '@paykit/transfers';
import { type ChainInfo, type Wallet, actingSigner, checkSignerUse, signerLocatorOf } from '@paykit/wallets';
import type { Caller } from '../../http/caller.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { chainsOfWallet, walletChain } from '../balances/wallet-chains.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { CHAIN_GATEWAY } from '../gateway/chain-gateway.token.js';
import { SignerAuthority } from '../signers/signer-authority.js';
import { CreateTransfer } from '../transfers/create-transfer.handler.js';
import { resolveTransferToken } from '../transfers/transfer-token.js';
import { type TransferIntent, evmIntentOf, solanaIntentOf, stellarIntentOf } from './transaction-intent.js';

/**
 * `POST /2025-06-09/wallets/{walletLocator}/transactions` (the public SDK's `sendTransaction`).
 * With `keyed`, the transfer's id comes from the idempotency key: sent once whatever happens (ADR 0305).
 */
export class SendTransaction extends Command<TransferResource> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly body: SendTransactionBody,
    readonly keyed?: KeyedWrite,
  ) {
    super();
  }
}

/**
 * A raw transaction is read as the token transfer it makes and opened as one: CreateTransfer,
 * with the same approvals, execution and resource as `POST .../tokens/{tokenLocator}/transfers` (ADR 0446).
 */
@CommandHandler(SendTransaction)
export class SendTransactionHandler implements ICommandHandler<SendTransaction> {
  constructor(
    private readonly commands: CommandBus,
    private readonly aggregates: Aggregates,
    private readonly resolver: WalletResolver,
    private readonly authority: SignerAuthority,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
  ) {}

  async execute({ caller, walletLocator, body, keyed }: SendTransaction): Promise<TransferResource> {
    const { params } = body;
    const resolved = (await this.resolver.resolve(caller.principal, walletLocator)).wallet;
    // The signer named is taken as its approved changes left it (ADR 0452) and must be able to act (ADR 0453).
    const wallet = await this.authority.settleNamed(resolved, params.signer, caller.context);
    const signer =
      params.signer !== undefined && wallet.adminSigner ? signerLocatorOf(wallet, params.signer) : undefined;
    const now = this.aggregates.now().getTime();
    if (signer) getOrThrow(actingSigner(wallet, signer, now, `params.signer: ${params.signer}`));
    const chain =
      params.chain === undefined ? chainsOfWallet(wallet)[0] : walletChain(wallet, params.chain, 'params.chain');
    if (!chain) throw new Error(`no ${wallet.chainType} chain in ${wallet.environment}`);
    const intent = this.authorisedIntentOf(wallet, chain, params, signer, now);
    const { token } = await resolveTransferToken(this.gateway, wallet, intent.tokenLocator);
    const transfer = {
      recipient: intent.recipient,
      amount: formatDecimal(fromBaseUnits(intent.baseUnits, token.decimals)),
      ...(params.signer !== undefined && { signer: params.signer }),
      ...(intent.memo && { memo: intent.memo }),
    };
    return this.commands.execute(
      new CreateTransfer(caller, walletLocator, intent.tokenLocator, transfer, keyed, 'call'),
    );
  }

  /**
   * What is not a token transfer is not executed here (400); for a delegated signer with transfer
   * scopes it is beyond its authority in any case, which is the answer it gets (403, ADR 0453).
   */
  private authorisedIntentOf(
    wallet: Wallet,
    chain: ChainInfo,
    params: SendTransactionBody['params'],
    signer: string | undefined,
    now: number,
  ): TransferIntent {
    try {
      return this.intentOf(wallet, chain, params);
    } catch (error) {
      if (signer && error instanceof DomainException && error.error.code === 'unsupported_transaction') {
        getOrThrow(checkSignerUse(wallet, signer, { kind: 'transaction', description: error.message }, now));
      }
      throw error;
    }
  }

  private intentOf(wallet: Wallet, chain: ChainInfo, params: SendTransactionBody['params']): TransferIntent {
    const missing = (field: string, what: string) =>
      new DomainException(invalid('invalid_transaction', `${field}: ${what}`));
    switch (wallet.chainType) {
      case 'evm':
        if (!params.calls) throw missing('params.calls', 'required on EVM: [{ to, value, data }]');
        return evmIntentOf(chain, params.calls);
      case 'solana':
        if (typeof params.transaction !== 'string')
          throw missing('params.transaction', 'required on Solana: a base58 serialized VersionedTransaction');
        return solanaIntentOf(wallet, chain, params.transaction);
      case 'stellar':
        if (typeof params.transaction !== 'object')
          throw missing(
            'params.transaction',
            'required on Stellar: { type: "contract-call", contractId, method, args }',
          );
        return stellarIntentOf(wallet, chain, params.transaction);
      default:
        throw new DomainException(
          invalid(
            'unsupported_transaction',
            `walletLocator: ${wallet.chainType} wallets send with POST .../tokens/{tokenLocator}/transfers`,
          ),
        );
    }
  }
}
