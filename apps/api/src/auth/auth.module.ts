import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Clock } from '@paykit/kernel';
import type { Platform } from '@paykit/platform';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK } from '../infrastructure/tokens.js';
import { AuthGuard } from './auth.guard.js';
import type { AuthSettings } from './auth-settings.js';
import { Authenticator } from './authenticator.js';
import { AUTH_SETTINGS, PLATFORM, platformProviders } from './platform.provider.js';
import { ProjectsController } from './projects/projects.controller.js';
import { GetCurrentProjectHandler } from './projects/read/get-current-project.handler.js';
import { GetProjectHandler } from './projects/read/get-project.handler.js';
import { AuthChangesWatcher } from './auth-changes-watcher.js';

/**
 * API keys and end-user JWTs: the global guard every route passes, the platform services it
 * reads, and the caller's own project as a route. Import it once in the app module.
 */
@Module({
  controllers: [ProjectsController],
  providers: [
    ...platformProviders,
    {
      provide: Authenticator,
      useFactory: (platform: Platform, clock: Clock, config: AppConfig, settings: AuthSettings) =>
        new Authenticator(platform, clock, { environment: config.APP_ENV, cacheTtlMs: settings.AUTH_CACHE_TTL_MS }),
      inject: [PLATFORM, CLOCK, APP_CONFIG, AUTH_SETTINGS],
    },
    AuthChangesWatcher,
    { provide: APP_GUARD, useClass: AuthGuard },
    GetCurrentProjectHandler,
    GetProjectHandler,
  ],
  exports: [PLATFORM, Authenticator],
})
export class AuthModule {}
