import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ConsoleModule } from './console/console.module.js';
import { AgentCheckoutsModule } from './agent-checkouts/agent-checkouts.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CardIssuingModule } from './card-issuing/card-issuing.module.js';
import { HealthModule } from './health/health.module.js';
import { HttpModule } from './http/http.module.js';
import { type InfrastructureOptions, InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { ObservabilityModule } from './observability/observability.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { WalletsModule } from './wallets/wallets.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module.js';
import { TokensModule } from './tokens/tokens.module.js';
import { UsersModule } from './users/users.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { OrdersListModule } from './orders/list/orders-list.module.js';
import { ReportsModule } from './reports/reports.module.js';

export interface AppModuleOptions extends InfrastructureOptions {
  /** Extra modules (tests add routes of their own). */
  readonly imports?: ModuleMetadata['imports'];
}

/** The area modules; each new area (wallets, orders, ...) adds its module here. */
const AREA_MODULES: NonNullable<ModuleMetadata['imports']> = [
  WalletsModule,
  AgentCheckoutsModule,
  CardIssuingModule,
  DocumentsModule,
  TokensModule,
  PaymentMethodsModule,
  UsersModule,
  OrdersListModule,
  OrdersModule,
  WebhooksModule,
  ReportsModule,
  ConsoleModule,
];

@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.register(options),
        CqrsModule.forRoot(),
        AuthModule,
        HttpModule,
        HealthModule,
        ObservabilityModule,
        OpenApiModule,
        ...AREA_MODULES,
        ...(options.imports ?? []),
      ],
    };
  }
}
