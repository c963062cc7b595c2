import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Clock, type IdGenerator, randomIds, systemClock } from '@paykit/kernel';
import { openReadModelDatabase } from '@paykit/projections';
import type { AppConfig } from '../config/config.js';
import { Metrics } from '../observability/metrics.js';
import { Aggregates } from './aggregates/aggregates.js';
import { Budgets } from './budgets/budgets.js';
import { InfrastructureLifecycle } from './infrastructure-lifecycle.js';
import { MeteredEventStore } from './metered-event-store.js';
import { ProjectionsHost } from './projections-host.js';
import { AppSecrets, appSecretsProvider } from './secrets/app-secrets.js';
import { openEventStore, readModelLocation } from './storage.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR, PROJECTION_RUNNER, READ_MODEL_DATABASE } from './tokens.js';

export interface InfrastructureOptions {
  readonly config: AppConfig;
  /** Replaces the configured store (tests); the app still closes it at shutdown. */
  readonly eventStore?: EventStore;
  readonly clock?: Clock;
  readonly ids?: IdGenerator;
}

/** Config, time, ids, the secrets key, the event store (metered), read models and projections: for every module. */
@Global()
@Module({})
export class InfrastructureModule {
  static register(options: InfrastructureOptions): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        { provide: ID_GENERATOR, useValue: options.ids ?? randomIds },
        Metrics,
        {
          provide: EVENT_STORE,
          useFactory: async (metrics: Metrics) =>
            new MeteredEventStore(await openEventStore(options.config, options.eventStore), metrics.observeAppend),
          inject: [Metrics],
        },
        {
          provide: READ_MODEL_DATABASE,
          useFactory: () => openReadModelDatabase(readModelLocation(options.config, options.eventStore)),
        },
        ProjectionsHost,
        { provide: PROJECTION_RUNNER, useExisting: ProjectionsHost },
        InfrastructureLifecycle,
        appSecretsProvider,
        Aggregates,
        Budgets,
      ],
      exports: [
        APP_CONFIG,
        CLOCK,
        ID_GENERATOR,
        Metrics,
        EVENT_STORE,
        READ_MODEL_DATABASE,
        ProjectionsHost,
        PROJECTION_RUNNER,
        AppSecrets,
        Aggregates,
        Budgets,
      ],
    };
  }
}
