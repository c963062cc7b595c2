import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '@paykit/platform';
import { PLATFORM } from '../auth/platform.provider.js';
import type { AppConfig } from '../config/config.js';
import { type ConsoleDeps, type PageRoute, registerPage } from './console-routes.js';
import { registerLoginPages } from './login-pages.js';
import { auditLog } from './pages/audit-page.js';
import { createKey, developers, requestLogSearch, revokeKey } from './pages/developers-pages.js';
import { eventsList } from './pages/events-page.js';
import { home } from './pages/home-page.js';
import { createOperator, operators } from './pages/operators-pages.js';
import { orderPage, ordersList } from './pages/orders-pages.js';
import { walletPage, walletsList } from './pages/wallets-pages.js';
import { reconciliation } from './pages/reconciliation-page.js';
import { answerRun, runPage, runStepScreenshot, runsList } from './pages/runs-pages.js';
import {
  redeliverWebhook,
  rotateWebhookSecret,
  webhookDelivery,
  webhookEndpoint,
  webhookEndpoints,
} from './pages/webhooks-pages.js';
import { IpThrottle } from './session/ip-throttle.js';

import { CONSOLE_PREFIX } from './console-prefix.js';

const PAGES: readonly PageRoute[] = [
  home,
  ordersList,
  orderPage,
  walletsList,
  walletPage,
  runsList,
  runPage,
  runStepScreenshot,
  answerRun,
  webhookEndpoints,
  webhookEndpoint,
  rotateWebhookSecret,
  webhookDelivery,
  redeliverWebhook,
  eventsList,
  developers,
  requestLogSearch,
  createKey,
  revokeKey,
  reconciliation,
  auditLog,
  operators,
  createOperator,
];

/** A form body as fields; a repeated field (checkboxes) joined with commas. */
const parseForm = (body: string): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) fields[key] = key in fields ? `${fields[key]},${value}` : value;
  return fields;
};

/**
 * The operators' console (ADR 0820) at /console: HTML pages served by this process, reading and
 * writing through the API's own query and command buses. A plugin of its own, so its form-body
 * parser and routes stay out of the API's (and out of the OpenAPI document).
 */
export const installConsole = (fastify: FastifyInstance, app: NestFastifyApplication, config: AppConfig): void => {
  const deps: ConsoleDeps = {
    queries: app.get(QueryBus),
    commands: app.get(CommandBus),
    platform: app.get<symbol, Platform>(PLATFORM),
    testMode: config.APP_ENV === 'staging',
    secureCookies: config.APP_ENV === 'production',
    loginThrottle: new IpThrottle(),
  };
  void fastify.register(
    (scope: FastifyInstance, _options, done) => {
      // Nest's own form parser reads repeated fields its way; this scope reads them as the console's pages do.
      scope.removeContentTypeParser('application/x-www-form-urlencoded');
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, parsed) =>
        parsed(null, parseForm(body as string)),
      );
      registerLoginPages(scope, deps);
      for (const page of PAGES) registerPage(scope, deps, page);
      done();
    },
    { prefix: CONSOLE_PREFIX },
  );
};
