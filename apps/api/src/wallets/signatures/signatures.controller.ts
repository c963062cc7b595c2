import { Body, Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateSignatureBody,
  SignatureParamsById,
  SignatureResource,
  SubmitApprovalsBody,
  WalletLocatorParams,
} from '@paykit/contracts';
import type { SignatureResource as Resource } from '@paykit/wallets';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ApproveSignature } from './approve-signature.handler.js';
import { CreateSignature } from './create-signature.handler.js';
import { GetSignature } from './get-signature.handler.js';

@Controller()
export class SignaturesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'POST',
    path: '2025-06-09/wallets/:walletLocator/signatures',
    tags: ['Wallets'],
    summary: 'Sign a message or typed data with an EVM wallet',
    description:
      'Smart wallets: awaiting-approval until the signer (the admin by default) signs approvals.pending[].message ' +
      '(EIP-191 over its 32 raw bytes); then success with outputSignature, an ERC-1271 signature of the wallet. ' +
      'MPC wallets and signers whose key the service holds sign at once. A delegated signer with transfer scopes ' +
      'signs nothing (403 signer_scope_exceeded), nor one that expired (403 delegated_signer_expired).',
    scope: Scopes.walletsSignaturesCreate,
    params: WalletLocatorParams,
    body: CreateSignatureBody,
    responses: { 201: SignatureResource },
  })
  create(
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Body() body: CreateSignatureBody,
  ): Promise<Resource> {
    return this.commands.execute(new CreateSignature(caller, walletLocator, body));
  }

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator/signatures/:signatureId',
    tags: ['Wallets'],
    summary: 'Get a signature request',
    scope: Scopes.walletsSignaturesRead,
    params: SignatureParamsById,
    responses: { 200: SignatureResource },
  })
  get(
    @CallerOf() { principal }: Caller,
    @Param('walletLocator') walletLocator: string,
    @Param('signatureId') signatureId: string,
  ): Promise<Resource> {
    return this.queries.execute(new GetSignature(principal, walletLocator, signatureId));
  }

  @Route({
    method: 'POST',
    path: '2025-06-09/wallets/:walletLocator/signatures/:signatureId/approvals',
    tags: ['Wallets'],
    summary: 'Approve a signature request',
    description:
      '409 when that signer already approved; 422 when the signature is complete; 403 when the delegated signer ' +
      'it awaits expired or was removed since the request was made.',
    scope: Scopes.walletsSignaturesCreate,
    params: SignatureParamsById,
    body: SubmitApprovalsBody,
    responses: { 201: SignatureResource },
  })
  approve(
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Param('signatureId') signatureId: string,
    @Body() body: SubmitApprovalsBody,
  ): Promise<Resource> {
    return this.commands.execute(new ApproveSignature(caller, walletLocator, signatureId, body));
  }
}
