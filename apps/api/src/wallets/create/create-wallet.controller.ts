import { Body, Controller, Headers, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  CreateWalletBody,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  WalletResource,
  describeIssue,
} from '@paykit/contracts';
import type { WalletResource as Resource } from '@paykit/wallets';
import type { FastifyReply } from 'fastify';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import { CreateWallet } from './create-wallet.handler.js';

const DESCRIPTION =
  '201 with a new wallet; 200 with the existing one when the owner already has a wallet of this chain type, ' +
  'wallet type and alias, or when the x-idempotency-key was used before (whatever the body). ' +
  "A smart wallet's address derives from its admin signer, project, owner, alias and creationSeed; 409 wallet_address_in_use " +
  'when another wallet has the address this request derives (e.g. a second owner-less wallet of one signer and seed).';

@Controller()
export class CreateWalletController {
  constructor(private readonly commands: CommandBus) {}

  @Route({
    method: 'POST',
    path: '2025-06-09/wallets',
    tags: ['Wallets'],
    summary: 'Create a wallet',
    description: `${DESCRIPTION} A client key creates wallets for its signed-in user only.`,
    scope: Scopes.walletsCreate,
    body: CreateWalletBody,
    responses: { 200: WalletResource, 201: WalletResource },
    status: 201,
    idempotency: 'route',
  })
  create(
    @CallerOf() caller: Caller,
    @Body() body: CreateWalletBody,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Resource> {
    return this.run(caller, body, key, reply, false);
  }

  @Route({
    method: 'POST',
    path: '2025-06-09/wallets/me',
    tags: ['Wallets'],
    summary: 'Create a wallet for the calling user',
    description: `${DESCRIPTION} The owner is userId:<the JWT subject> (client keys) or userId:<x-service-user-id> (server keys).`,
    scope: Scopes.walletsCreate,
    body: CreateWalletBody,
    responses: { 200: WalletResource, 201: WalletResource },
    status: 201,
    idempotency: 'route',
  })
  createForMe(
    @CallerOf() caller: Caller,
    @Body() body: CreateWalletBody,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Resource> {
    return this.run(caller, body, key, reply, true);
  }

  private async run(
    caller: Caller,
    body: CreateWalletBody,
    key: string | undefined,
    reply: FastifyReply,
    forCaller: boolean,
  ): Promise<Resource> {
    const outcome = await this.commands.execute(
      new CreateWallet(caller, { body, forCaller, ...(key !== undefined && { idempotencyKey: parseKey(key) }) }),
    );
    void reply.code(outcome.status);
    return outcome.wallet;
  }
}

const parseKey = (header: string): string => {
  const parsed = IdempotencyKey.safeParse(header, { error: describeIssue });
  if (!parsed.success) {
    throw new RequestValidationError([
      { path: IDEMPOTENCY_KEY_HEADER, message: parsed.error.issues[0]?.message ?? 'is invalid' },
    ]);
  }
  return parsed.data;
};
