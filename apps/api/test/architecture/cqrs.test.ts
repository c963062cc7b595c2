import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiscoveryService } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type TestServer, startServer } from '../support/start-server.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Controllers still calling services directly while the CQRS reshaping (issue 16) is under way: must end empty. */
const NOT_YET_ON_THE_BUSES = new Set<string>([
  'BrowserProfilesController',
  'BuyerProfilesController',
  'MessagesController',
  'RunsController',
  'RunStreamController',
  'ProjectsController',
  'DocumentsController',
  'HealthController',
  'MetricsController',
  'OpenApiController',
  'CardTokensController',
  'CreateOrderController',
  'OrdersListController',
  'ProcessPaymentController',
  'GetOrderController',
  'ReconciliationController',
  'TokensController',
  'UsersController',
  'DeliveriesController',
  'EndpointsController',
]);

/** Files still running a decider on their own (issue 16): must end empty. */
const NOT_YET_ON_THE_RUNNER = new Set<string>([
  'agent-checkouts/shared/aggregate-commands.ts',
  'documents/documents.service.ts',
  'infrastructure/effects/effect-ledger.ts',
  'orders/store/order-repository.ts',
  'users/linked-wallets.service.ts',
  'users/user-streams.ts',
  'webhooks/delivery/delivery-claims.ts',
  'webhooks/endpoints/endpoints.service.ts',
]);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('a NestJS CQRS app: every endpoint a command or a query on the bus (ADR 0022)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('gives controllers nothing but the CommandBus and the QueryBus', () => {
    const offenders = server.app
      .get(DiscoveryService)
      .getControllers()
      .flatMap((wrapper) => {
        const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
        if (!controller || NOT_YET_ON_THE_BUSES.has(controller.name)) return [];
        const injected = (Reflect.getMetadata('design:paramtypes', controller) ?? []) as unknown[];
        const others = injected.filter((type) => type !== CommandBus && type !== QueryBus);
        return others.length === 0 ? [] : [`${controller.name}: ${others.map((type) => (type as { name?: string }).name ?? String(type)).join(', ')}`];
      });
    expect(offenders).toEqual([]);
  });

  it('runs every decider through the one runner (infrastructure/aggregates)', () => {
    const callers = sourceFiles(SRC)
      .filter((file) => /\bhandle(Keyed)?Command\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
      .filter((file) => !file.startsWith('infrastructure/aggregates/') && !NOT_YET_ON_THE_RUNNER.has(file));
    expect(callers).toEqual([]);
  });

  it('keeps the lists of what is not yet converted honest (each entry still needs it)', () => {
    const names = new Set(server.app.get(DiscoveryService).getControllers().map((wrapper) => (wrapper.metatype as { name: string }).name));
    for (const name of NOT_YET_ON_THE_BUSES) {
      const controller = server.app.get(DiscoveryService).getControllers().find((wrapper) => (wrapper.metatype as { name: string }).name === name);
      expect([name, names.has(name)]).toEqual([name, true]);
      const injected = (Reflect.getMetadata('design:paramtypes', controller!.metatype as object) ?? []) as unknown[];
      expect([name, injected.every((type) => type === CommandBus || type === QueryBus)]).toEqual([name, false]);
    }
    for (const file of NOT_YET_ON_THE_RUNNER) {
      expect([file, /\bhandle(Keyed)?Command\(/.test(readFileSync(join(SRC, file), 'utf8'))]).toEqual([file, true]);
    }
  });
});
