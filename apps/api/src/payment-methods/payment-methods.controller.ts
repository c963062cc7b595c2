import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  CreatePaymentMethodBody,
  ListPaymentMethodsQuery,
  PaymentMethodPage,
  PaymentMethodParams,
  PaymentMethodResponse,
} from '@paykit/contracts';
import { CurrentPrincipal } from '../auth/current-principal.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Scopes } from '../auth/scopes.js';
import { Route } from '../http/routes/route.decorator.js';
import { CallerContext, type ProjectContext } from '../users/http/caller.js';
import { PaymentMethodsService } from './payment-methods.service.js';

@Controller()
export class PaymentMethodsController {
  constructor(private readonly paymentMethods: PaymentMethodsService) {}

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
  create(@CallerContext() context: ProjectContext, @Body() body: CreatePaymentMethodBody): Promise<PaymentMethodResponse> {
    return this.paymentMethods.create(context, body);
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
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListPaymentMethodsQuery): Promise<PaymentMethodPage> {
    return this.paymentMethods.list(principal.projectId, query);
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
  get(@CurrentPrincipal() principal: Principal, @Param('paymentMethodId') paymentMethodId: string): Promise<PaymentMethodResponse> {
    return this.paymentMethods.getResource(principal.projectId, paymentMethodId);
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
  async delete(@CallerContext() context: ProjectContext, @Param('paymentMethodId') paymentMethodId: string): Promise<void> {
    await this.paymentMethods.delete(context, paymentMethodId);
  }
}
