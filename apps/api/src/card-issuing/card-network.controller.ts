import { Body, Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CardNetworkAuthorizationBody, CardNetworkAuthorizationResponse } from '@paykit/contracts';
import { Route } from '../http/routes/route.decorator.js';
import { AuthorizeOnCardNetwork } from './authorize-on-card-network.handler.js';

/** The sandbox card network, at the root like a party of its own (docs/adr/0226). */
@Controller()
export class CardNetworkController {
  constructor(private readonly commands: CommandBus) {}

  @Route({
    method: 'POST',
    path: 'sandbox/card-network/authorizations',
    root: true,
    public: true,
    tags: ['Agent checkouts'],
    summary: 'Sandbox: the card network asks the issuer about a virtual card',
    description:
      'Staging only (404 in production). What a test shop’s payment processor sends for a card in ' +
      'the sandbox issuer’s range (4000 0099): the issuer approves only an open card within its lifetime, ' +
      'with the right expiry and security code, once, in its currency, at the merchant origin it is locked ' +
      'to, up to its cap. Declines are answers (200), with a declineCode. No API key: it is the network.',
    body: CardNetworkAuthorizationBody,
    responses: { 200: CardNetworkAuthorizationResponse },
    idempotency: 'route',
  })
  authorize(@Body() body: CardNetworkAuthorizationBody): Promise<CardNetworkAuthorizationResponse> {
    return this.commands.execute(new AuthorizeOnCardNetwork(body));
  }
}
