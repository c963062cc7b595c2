import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController } from './openapi.controller.js';
import { RouteCatalog } from './route-catalog.js';

@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController],
  providers: [RouteCatalog],
  exports: [RouteCatalog],
})
export class OpenApiModule {}
