import { Inject, Module } from '@nestjs/common';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';
import { ListOrdersHandler } from './list-orders.handler.js';
import { OrdersListController } from './orders-list.controller.js';
import { ordersListProjection } from './orders-list.projection.js';
import { OrdersListReadModel } from './orders-list.read-model.js';

/** GET /2022-06-09/orders, served from the orders-list projection. */
@Module({
  controllers: [OrdersListController],
  providers: [
    {
      provide: SignedCursors,
      useFactory: (secrets: AppSecrets) => new SignedCursors(() => secrets.derive('paykit:orders:list-cursors:v1')),
      inject: [AppSecrets],
    },
    OrdersListReadModel,
    ListOrdersHandler,
  ],
})
export class OrdersListModule {
  constructor(@Inject(ProjectionsHost) projections: ProjectionsHost) {
    projections.register(ordersListProjection);
  }
}
