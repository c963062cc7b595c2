import { Inject, Injectable } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { AppConfig } from '../config/config.js';
import type { RouteContract } from '../http/routes/route-contract.js';
import { ROUTE_CONTRACT_METADATA } from '../http/routes/route.decorator.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';

export interface DeclaredRoute {
  readonly contract: RouteContract;
  readonly controllerName: string;
  readonly handlerName: string;
  /** Path under the controller, as Nest registers it before the global prefix (`orders/:id`). */
  readonly pathWithinApp: string;
  /** Path as served, prefix included (`/api/orders/:id`). */
  readonly servedPath: string;
}

export const joinPath = (...segments: string[]): string => {
  const joined = segments
    .flatMap((segment) => segment.split('/'))
    .filter((part) => part !== '')
    .join('/');
  return `/${joined}`;
};

/** Every route declared with `@Route`, found on the app's controllers. */
@Injectable()
export class RouteCatalog {
  private cached: DeclaredRoute[] | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  routes(): readonly DeclaredRoute[] {
    this.cached ??= this.discover();
    return this.cached;
  }

  /** What setGlobalPrefix must leave out: the routes declared `root: true`. */
  rootRoutes(): readonly DeclaredRoute[] {
    return this.routes().filter((route) => route.contract.root === true);
  }

  private discover(): DeclaredRoute[] {
    const routes: DeclaredRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const controllerPaths = [
        (Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined) ?? '/',
      ].flat();
      const prototype = controller.prototype as Record<string, unknown>;
      for (const handlerName of this.scanner.getAllMethodNames(prototype)) {
        const contract = Reflect.getMetadata(ROUTE_CONTRACT_METADATA, prototype[handlerName] as object) as
          RouteContract | undefined;
        if (!contract) continue;
        for (const controllerPath of controllerPaths) {
          const pathWithinApp = joinPath(controllerPath, contract.path);
          const servedPath = contract.root === true ? pathWithinApp : joinPath(this.config.API_PREFIX, pathWithinApp);
          routes.push({ contract, controllerName: controller.name, handlerName, pathWithinApp, servedPath });
        }
      }
    }
    return routes;
  }
}
