import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  DelegatedSignerStatus,
  RegisterSignerBody,
  RemoveSignerQuery,
  SignerParams,
  SignerTransaction,
  WalletLocatorParams,
} from '@paykit/contracts';
import type { SignerTransactionResource } from '@paykit/wallets';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { GetSigner } from './get-signer.handler.js';
import { RegisterSigner } from './register-signer.handler.js';
import { RemoveSigner } from './remove-signer.handler.js';
import type { SignerStatusResource } from './signer-statuses.js';

@Controller()
export class SignersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'POST',
    path: '2025-06-09/wallets/:walletLocator/signers',
    tags: ['Wallets'],
    summary: 'Add a delegated signer to a smart wallet',
    description:
      'The signer joins once the admin signer approves. EVM: chains[chain] is {status: awaiting-approval, id} where id is a ' +
      'signature request to approve through .../signatures/{id}/approvals. Solana and Stellar: transaction is a wallet ' +
      'transaction to approve through .../transactions/{id}/approvals. At once when the service holds the admin key. ' +
      'The same request again answers the same registration.',
    scope: Scopes.walletsCreate,
    params: WalletLocatorParams,
    body: RegisterSignerBody,
    responses: { 201: DelegatedSignerStatus },
  })
  register(
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Body() body: RegisterSignerBody,
  ): Promise<SignerStatusResource> {
    return this.commands.execute(new RegisterSigner(caller, walletLocator, body));
  }

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator/signers/:signer',
    tags: ['Wallets'],
    summary: 'A delegated signer and its status per chain',
    description: 'The admin signer is not a delegated signer: 404, as for a signer the wallet does not have.',
    scope: Scopes.walletsRead,
    params: SignerParams,
    responses: { 200: DelegatedSignerStatus },
  })
  get(
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Param('signer') signer: string,
  ): Promise<SignerStatusResource> {
    return this.queries.execute(new GetSigner(caller, walletLocator, signer));
  }

  @Route({
    method: 'DELETE',
    path: '2025-06-09/wallets/:walletLocator/signers/:signer',
    tags: ['Wallets'],
    summary: 'Remove a delegated signer',
    description:
      'A wallet transaction of type remove-signer that the admin approves through .../transactions/{id}/approvals ' +
      '(at once when the service holds the admin key); the signer can approve nothing once it succeeded. ' +
      'The same request again answers the same transaction. The admin signer: 400 admin_signer_not_removable.',
    scope: Scopes.walletsCreate,
    params: SignerParams,
    query: RemoveSignerQuery,
    responses: { 200: SignerTransaction },
  })
  remove(
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Param('signer') signer: string,
    @Query() query: z.output<typeof RemoveSignerQuery>,
  ): Promise<SignerTransactionResource> {
    return this.commands.execute(new RemoveSigner(caller, walletLocator, signer, query.chain));
  }
}
