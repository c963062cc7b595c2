import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreatePaymentMethodBody,
  ListPaymentMethodsQuery,
  PaymentMethodPage,
  PaymentMethodParams,
  PaymentMethodResponse,
} from '@paykit/contracts';
import { Scopes } from '../auth/scopes.js';
import { type Caller, CallerOf } from '../http/caller.js';
import { Route } from '../http/routes/route.decorator.js';
import { DeletePaymentMethod } from './delete/delete-payment-method.handler.js';
import { GetPaymentMethod } from './read/get-payment-method.handler.js';
import { ListPaymentMethods } from './read/list-payment-methods.handler.js';
import { SavePaymentMethod } from './save/save-payment-method.handler.js';

@Controller()
export class PaymentMethodsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'POST',
    path: 'unstable/payment-methods',
    tags: ['Payment methods'],
    summary: 'Save a bank account to pay out to',
    description: 'The account number is tokenized by the vault: only its last four digits are ever returned.',
    scope: Scopes.paymentMethodsCreate,
    body: CreatePaymentMethodBody,
    responses: { 201: PaymentMethodResponse },
  })
  create(@CallerOf() caller: Caller, @Body() body: CreatePaymentMethodBody): Promise<PaymentMethodResponse> {
    return this.commands.execute(new SavePaymentMethod(caller, body));
  }

  @Route({
    method: 'GET',
    path: 'unstable/payment-methods',
    tags: ['Payment methods'],
    summary: 'List saved payment methods',
    description: 'Oldest first; filter by userLocator. Cursors keep the filter they were issued for.',
    scope: Scopes.paymentMethodsRead,
    query: ListPaymentMethodsQuery,
    responses: { 200: PaymentMethodPage },
  })
  list(@CallerOf() { principal }: Caller, @Query() query: ListPaymentMethodsQuery): Promise<PaymentMethodPage> {
    return this.queries.execute(new ListPaymentMethods(principal.projectId, query));
  }

  @Route({
    method: 'GET',
    path: 'unstable/payment-methods/:paymentMethodId',
    tags: ['Payment methods'],
    summary: 'Get a saved payment method',
    scope: Scopes.paymentMethodsRead,
    params: PaymentMethodParams,
    responses: { 200: PaymentMethodResponse },
  })
  get(
    @CallerOf() { principal }: Caller,
    @Param('paymentMethodId') paymentMethodId: string,
  ): Promise<PaymentMethodResponse> {
    return this.queries.execute(new GetPaymentMethod(principal.projectId, paymentMethodId));
  }

  @Route({
    method: 'DELETE',
    path: 'unstable/payment-methods/:paymentMethodId',
    tags: ['Payment methods'],
    summary: 'Delete a saved payment method',
    description: 'The vaulted account is forgotten. 204 with no body.',
    scope: Scopes.paymentMethodsDelete,
    params: PaymentMethodParams,
    responses: { 204: null },
  })
  delete(@CallerOf() caller: Caller, @Param('paymentMethodId') paymentMethodId: string): Promise<void> {
    return this.commands.execute(new DeletePaymentMethod(caller, paymentMethodId));
  }
}
