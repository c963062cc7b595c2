import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiscoveryService } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type TestServer, startServer } from '../support/start-server.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
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
        if (!controller) return [];
        const injected = (Reflect.getMetadata('design:paramtypes', controller) ?? []) as unknown[];
        const others = injected.filter((type) => type !== CommandBus && type !== QueryBus);
        return others.length === 0
          ? []
          : [
              `${controller.name}: ${others.map((type) => (type as { name?: string }).name ?? String(type)).join(', ')}`,
            ];
      });
    expect(offenders).toEqual([]);
  });

  it('runs every decider through the one runner (infrastructure/aggregates)', () => {
    const callers = sourceFiles(SRC)
      .filter((file) => /\bhandle(Keyed)?Command\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
      .filter((file) => !file.startsWith('infrastructure/aggregates/'));
    expect(callers).toEqual([]);
  });
});
