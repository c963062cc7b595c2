import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  SendTransactionBody,
  SubmitApprovalsBody,
  TransactionListQuery,
  TransactionPage,
  TransactionParams,
  TransferResource,
  WalletLocatorParams,
} from '@paykit/contracts';
import type { TransferResource as Resource } from '@paykit/transfers';
import { DomainException } from '@paykit/kernel';
import type { SignerTransactionResource } from '@paykit/wallets';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { type KeyedWrite, KeyedWriteOf } from '../../http/idempotency/keyed-write.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ApproveSignerTransaction, GetSignerTransaction } from '../signers/signer-transaction.handlers.js';
import { ApproveTransfer } from '../transfers/approve-transfer.handler.js';
import { GetTransfer } from '../transfers/get-transfer.handler.js';
import { ListTransactions, type TransactionPageResource } from './list-transactions.handler.js';
import { SendTransaction } from './send-transaction.handler.js';

@Controller()
export class TransactionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator/transactions',
    tags: ['Wallets'],
    summary: "List a wallet's transactions, newest first",
    scope: Scopes.walletsTransactionsRead,
    params: WalletLocatorParams,
    query: TransactionListQuery,
    responses: { 200: TransactionPage },
  })
  list(
    @CallerOf() { principal }: Caller,
    @Param('walletLocator') walletLocator: string,
    @Query() query: z.output<typeof TransactionListQuery>,
  ): Promise<TransactionPageResource> {
    return this.queries.execute(new ListTransactions(principal, walletLocator, query));
  }

  @Route({
    method: 'POST',
    path: '2025-06-09/wallets/:walletLocator/transactions',
    tags: ['Wallets'],
    summary: 'Send a transaction from a wallet',
    description:
      'The public SDK’s sendTransaction. The sandbox executes token transfers: one EVM call (a native value transfer or an ' +
      'ERC-20 transfer), a Solana transaction with one System Program transfer, or a Stellar transfer contract call; the ' +
      'answer is the transfer transaction, as from POST .../tokens/{tokenLocator}/transfers. Other calls: 400 unsupported_transaction ' +
      '(403 signer_scope_exceeded for a delegated signer with transfer scopes); an expired signer: 403 delegated_signer_expired.',
    scope: Scopes.walletsTransactionsCreate,
    params: WalletLocatorParams,
    body: SendTransactionBody,
    responses: { 201: TransferResource },
    idempotency: 'resource',
  })
  send(
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Body() body: SendTransactionBody,
    @KeyedWriteOf() keyed: KeyedWrite | undefined,
  ): Promise<Resource> {
    return this.commands.execute(new SendTransaction(caller, walletLocator, body, keyed));
  }

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator/transactions/:transactionId',
    tags: ['Wallets'],
    summary: 'Get a wallet transaction',
    description:
      'The transfer transaction resource; clients poll it after sending a transfer. A transaction that adds or removes ' +
      'a delegated signer (the id from DELETE .../signers/{signer}, or a Solana/Stellar registration) answers a ' +
      'SignerTransaction instead.',
    scope: Scopes.walletsTransactionsRead,
    params: TransactionParams,
    responses: { 200: TransferResource },
  })
  get(
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Param('transactionId') transactionId: string,
  ): Promise<Resource | SignerTransactionResource> {
    return orSignerTransaction(
      this.queries.execute(new GetTransfer(caller.principal, walletLocator, transactionId)),
      () => this.queries.execute(new GetSignerTransaction(caller, walletLocator, transactionId)),
    );
  }

  @Route({
    method: 'POST',
    path: '2025-06-09/wallets/:walletLocator/transactions/:transactionId/approvals',
    tags: ['Wallets'],
    summary: 'Approve a transaction',
    description:
      'Each signature must be the signer’s signature of the message of its entry in approvals.pending[] (inside quorumApprovals.pending[] for a k-of-n quorum). ' +
      '409 when that signer already approved; 422 when approvals are complete. A signer transaction answers a SignerTransaction.',
    scope: Scopes.walletsTransactionsSign,
    params: TransactionParams,
    body: SubmitApprovalsBody,
    responses: { 201: TransferResource },
  })
  approve(
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Param('transactionId') transactionId: string,
    @Body() body: SubmitApprovalsBody,
  ): Promise<Resource | SignerTransactionResource> {
    return orSignerTransaction(
      this.commands.execute(new ApproveTransfer(caller, walletLocator, transactionId, body)),
      () => this.commands.execute(new ApproveSignerTransaction(caller, walletLocator, transactionId, body)),
    );
  }
}

/**
 * A wallet's transactions are its transfers and its signer operations (ADR 0448): an id that is
 * no transfer of the wallet may be a signer operation (transfers first: they are what clients poll).
 */
const orSignerTransaction = async <T>(
  transfer: Promise<T>,
  signerTransaction: () => Promise<SignerTransactionResource | null>,
): Promise<T | SignerTransactionResource> => {
  try {
    return await transfer;
  } catch (error) {
    if (!(error instanceof DomainException && error.error.kind === 'not_found')) throw error;
    const found = await signerTransaction();
    if (found === null) throw error;
    return found;
  }
};
