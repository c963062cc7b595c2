import { Controller, Get, Module } from '@nestjs/common';
import { z } from 'zod';
import { CurrentPrincipal } from '../src/auth/current-principal.decorator.js';
import type { Principal } from '../src/auth/principal.js';
import { Scopes } from '../src/auth/scopes.js';
import { Route } from '../src/http/routes/route.decorator.js';

const Caller = z.object({ projectId: z.string(), keyKind: z.string(), userId: z.string().nullable() });
const caller = (principal: Principal) => ({
  projectId: principal.projectId,
  keyKind: principal.keyKind,
  userId: principal.userId,
});
const OrderCaller = z.object({ keyKind: z.string(), orderClientSecret: z.string().nullable() });
const orderCaller = (principal: Principal) => ({
  keyKind: principal.keyKind,
  orderClientSecret: principal.orderClientSecret ?? null,
});

/** Routes that exist only in the auth tests: one per kind of scope a route can require. */
@Controller('test-auth')
class AuthTestRoutesController {
  @Route({
    method: 'GET',
    path: 'orders',
    summary: 'Needs orders.read (server-only)',
    scope: Scopes.ordersRead,
    responses: { 200: Caller },
  })
  orders(@CurrentPrincipal() principal: Principal) {
    return caller(principal);
  }

  @Route({
    method: 'GET',
    path: 'wallets',
    summary: 'Needs wallets.read (client keys allowed)',
    scope: Scopes.walletsRead,
    responses: { 200: Caller },
  })
  wallets(@CurrentPrincipal() principal: Principal) {
    return caller(principal);
  }

  @Route({
    method: 'GET',
    path: 'any-order-scope',
    summary: 'Needs one of orders.read, orders.update',
    scope: [Scopes.ordersRead, Scopes.ordersUpdate],
    responses: { 200: Caller },
  })
  anyOrderScope(@CurrentPrincipal() principal: Principal) {
    return caller(principal);
  }

  @Route({
    method: 'GET',
    path: 'order-by-secret',
    summary: 'Needs orders.read, or an order client secret in its place',
    scope: Scopes.ordersRead,
    orderClientSecret: true,
    responses: { 200: OrderCaller },
  })
  orderBySecret(@CurrentPrincipal() principal: Principal) {
    return orderCaller(principal);
  }

  // Only the test of which routes take a client secret calls it: the guard reads a route's access
  // once per process, so a route of its own makes that test the one that reads it.
  @Route({
    method: 'GET',
    path: 'order-by-scope',
    summary: 'Needs orders.read; takes no client secret',
    scope: Scopes.ordersRead,
    responses: { 200: OrderCaller },
  })
  orderByScope(@CurrentPrincipal() principal: Principal) {
    return orderCaller(principal);
  }

  /** Declared with Nest's own decorator, no `@Route`: it requires no scope (any valid key). */
  @Get('any-key')
  anyKey(@CurrentPrincipal() principal: Principal) {
    return caller(principal);
  }
}

@Module({ controllers: [AuthTestRoutesController] })
export class AuthTestRoutesModule {}
