import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SendTransactionBody } from '@paykit/contracts';
import { DomainException, formatDecimal, fromBaseUnits, invalid } from '@paykit/kernel';
import type { ChainGateway } from '@paykit/providers';
import type { TransferResource } from '@paykit/transfers';
import type { Caller } from '../../http/caller.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { chainsOfWallet, walletChain } from '../balances/wallet-chains.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { CHAIN_GATEWAY } from '../gateway/chain-gateway.token.js';
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
    private readonly resolver: WalletResolver,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
  ) {}

  async execute({ caller, walletLocator, body, keyed }: SendTransaction): Promise<TransferResource> {
    const { wallet } = await this.resolver.resolve(caller.principal, walletLocator);
    const { params } = body;
    const chain =
      params.chain === undefined ? chainsOfWallet(wallet)[0] : walletChain(wallet, params.chain, 'params.chain');
    if (!chain) throw new Error(`no ${wallet.chainType} chain in ${wallet.environment}`);
    const intent = this.intentOf(wallet, chain, params);
    const { token } = await resolveTransferToken(this.gateway, wallet, intent.tokenLocator);
    const transfer = {
      recipient: intent.recipient,
      amount: formatDecimal(fromBaseUnits(intent.baseUnits, token.decimals)),
      ...(params.signer !== undefined && { signer: params.signer }),
      ...(intent.memo && { memo: intent.memo }),
    };
    return this.commands.execute(new CreateTransfer(caller, walletLocator, intent.tokenLocator, transfer, keyed));
  }

  private intentOf(
    wallet: Parameters<typeof solanaIntentOf>[0],
    chain: Parameters<typeof evmIntentOf>[0],
    params: SendTransactionBody['params'],
  ): TransferIntent {
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
