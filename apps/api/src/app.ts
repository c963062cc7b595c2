import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import { type AppModuleOptions, AppModule } from './app.module.js';
import { cardIssuerSettingsOf } from './config/card-issuer-config.js';
import { cardProcessorSettingsOf } from './config/card-processor-config.js';
import { type AppConfig, ConfigError, loadConfig, problemsOf } from './config/config.js';
import { installConsole } from './console/install-console.js';
import { installContentTypeCheck } from './http/errors/content-type-check.js';
import { answerFrameworkError } from './http/errors/framework-errors.js';
import { installRouteNotFound } from './http/errors/route-not-found.js';
import { installRawBodies } from './http/routes/raw-body.js';
import type { RouteContract } from './http/routes/route-contract.js';
import { connectionTimeouts } from './http/timeout/connection-timeouts.js';
import { RequestTimeout } from './http/timeout/request-timeout.js';
import { createLogger, logFormatOf } from './observability/logger.js';
import { installRequestHooks } from './observability/http-hooks.js';
import { Metrics } from './observability/metrics.js';
import { PinoNestLogger } from './observability/nest-logger.js';
import { requestIdOf } from './observability/request-id.js';
import { RequestLog } from './observability/request-log/request-log.js';
import type { RegisteredRoute } from './openapi/coverage.js';
import { RouteCatalog } from './openapi/route-catalog.js';

export interface CreateAppOptions extends Omit<AppModuleOptions, 'config'> {
  /** Environment variables to read the configuration from; defaults to process.env. */
  readonly env?: Readonly<Record<string, string | number | undefined>>;
  /** Where log lines go; defaults to stdout. */
  readonly logDestination?: DestinationStream;
}

export interface RunningApp {
  readonly app: NestFastifyApplication;
  readonly config: AppConfig;
  /** `http://host:port` of the root routes (health, metrics, docs). */
  readonly rootUrl: string;
  /** `rootUrl` + API_PREFIX: what clients use as `{base_url}`. */
  readonly baseUrl: string;
  /** Every route the HTTP server registered (the OpenAPI coverage test compares them). */
  readonly routes: readonly RegisteredRoute[];
  close(): Promise<void>;
}

/** Builds, configures and starts the server; `PORT=0` picks a free port (tests). */
export const createApp = async (options: CreateAppOptions = {}): Promise<RunningApp> => {
  const config = loadConfig(options.env ?? process.env);
  // A production without its card processor or issuer (or with half of Stripe's settings) never starts.
  const problems = [cardProcessorSettingsOf, cardIssuerSettingsOf].flatMap((settingsOf) =>
    problemsOf(() => settingsOf(config)),
  );
  if (problems.length > 0) throw new ConfigError(problems);
  const format = logFormatOf(config.LOG_FORMAT, {
    isTerminal: process.stdout.isTTY === true,
    nodeEnv: process.env['NODE_ENV'],
  });
  const logger = createLogger(config, options.logDestination, format);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Slow clients are cut off (ADR 0309); Fastify's default waits for a request body forever.
    ...connectionTimeouts(config),
    // Wallet locators such as email:<address>:evm:smart:alias:<alias> exceed Fastify's 100.
    routerOptions: { maxParamLength: 512 },
    // While closing, requests on open connections are still served (the store closes after
    // HTTP has drained) rather than answered with a 503 outside our error body.
    return503OnClosing: false,
    // No Nest middleware here: without middie every request skips a hook.
    skipMiddie: true,
    frameworkErrors: answerFrameworkError,
  });
  const fastify = adapter.getInstance();
  const routes: RegisteredRoute[] = [];
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register({ ...options, config }), adapter, {
    logger: new PinoNestLogger(logger),
  });
  installRequestHooks(fastify, app.get(Metrics), new RequestTimeout(config.REQUEST_TIMEOUT_MS), app.get(RequestLog));
  installRouteNotFound(fastify, () => routes);
  const catalog = app.get(RouteCatalog);
  const contracts = new Map<string, RouteContract>(
    catalog.routes().map((route) => [`${route.contract.method} ${route.servedPath}`, route.contract]),
  );
  installContentTypeCheck(fastify, (method, url) => contracts.get(`${method} ${url}`));
  installRawBodies(fastify, (method, url) => contracts.get(`${method} ${url}`));
  installConsole(fastify, app, config);
  app.setGlobalPrefix(config.API_PREFIX, {
    exclude: catalog
      .rootRoutes()
      .map((route) => ({ path: route.pathWithinApp, method: RequestMethod[route.contract.method] })),
  });
  await app.listen({ port: config.PORT, host: config.HOST });

  const address = fastify.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const rootUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    app,
    config,
    rootUrl,
    baseUrl: `${rootUrl}${config.API_PREFIX}`,
    routes,
    close: () => app.close(),
  };
};
