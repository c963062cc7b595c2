import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { testModeMarkdown } from '../test-mode.js';

/** `GET /docs/test-mode`: the test-mode section of the reference on its own page, with this server's settings. */
export class GetTestModePage extends Query<string> {}

@QueryHandler(GetTestModePage)
export class GetTestModePageHandler implements IQueryHandler<GetTestModePage> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute(): Promise<string> {
    return testModeMarkdown(this.config);
  }
}
