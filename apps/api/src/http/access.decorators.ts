import { type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { ScopeName } from '../auth/scopes.js';

/**
 * What a route requires of its caller, read by the auth guard (and the OpenAPI generator).
 * `@Route(...)` applies one of these from its `scope` / `public` fields; use them directly only
 * on routes declared without `@Route`.
 */
export const REQUIRED_SCOPES_METADATA = 'paykit:required-scopes';
export const PUBLIC_METADATA = 'paykit:public';
export const ORDER_CLIENT_SECRET_METADATA = 'paykit:order-client-secret';

/** The key must hold at least one of `scopes`. */
export const RequireScope = (...scopes: [ScopeName, ...ScopeName[]]) =>
  SetMetadata(REQUIRED_SCOPES_METADATA, Object.freeze([...scopes]));

/** No API key needed (health, metrics, the API reference). */
export const Public = () => SetMetadata(PUBLIC_METADATA, true);

/** The scopes a handler requires (any one of them), or [] when it declares none. */
export const requiredScopesOf = (reflector: Reflector, context: ExecutionContext): readonly ScopeName[] =>
  reflector.getAllAndOverride<readonly ScopeName[] | undefined>(REQUIRED_SCOPES_METADATA, [
    context.getHandler(),
    context.getClass(),
  ]) ?? [];

export const isPublicRoute = (reflector: Reflector, context: ExecutionContext): boolean =>
  reflector.getAllAndOverride<boolean | undefined>(PUBLIC_METADATA, [context.getHandler(), context.getClass()]) ===
  true;

/**
 * The route also accepts an order's client secret, sent raw in Authorization (no `Bearer`), with
 * any valid API key of the project in place of the scope; the handler checks it against the order.
 */
export const AcceptsOrderClientSecret = () => SetMetadata(ORDER_CLIENT_SECRET_METADATA, true);

export const acceptsOrderClientSecret = (reflector: Reflector, context: ExecutionContext): boolean =>
  reflector.getAllAndOverride<boolean | undefined>(ORDER_CLIENT_SECRET_METADATA, [
    context.getHandler(),
    context.getClass(),
  ]) === true;

/** All a route requires of its caller, read once per route (metadata does not change after start-up). */
export interface RouteAccess {
  readonly isPublic: boolean;
  readonly requiredScopes: readonly ScopeName[];
  readonly acceptsOrderClientSecret: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- handlers and controller classes, as Nest types them
const accessOfRoutes = new WeakMap<Function, WeakMap<Function, RouteAccess>>();

/** The auth guard asks this on every request: three reflector lookups per request made once per route. */
export const routeAccessOf = (reflector: Reflector, context: ExecutionContext): RouteAccess => {
  const [handler, controller] = [context.getHandler(), context.getClass()];
  let byController = accessOfRoutes.get(handler);
  if (!byController) accessOfRoutes.set(handler, (byController = new WeakMap()));
  let access = byController.get(controller);
  if (!access) {
    access = {
      isPublic: isPublicRoute(reflector, context),
      requiredScopes: requiredScopesOf(reflector, context),
      acceptsOrderClientSecret: acceptsOrderClientSecret(reflector, context),
    };
    byController.set(controller, access);
  }
  return access;
};
