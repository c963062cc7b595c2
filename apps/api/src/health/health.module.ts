import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { CheckLivenessHandler } from './read/check-liveness.handler.js';
import { CheckReadinessHandler } from './read/check-readiness.handler.js';
import { Readiness } from './readiness.js';

@Module({ controllers: [HealthController], providers: [Readiness, CheckLivenessHandler, CheckReadinessHandler] })
export class HealthModule {}
