import { type DynamicModule, Module } from '@nestjs/common';
import type { RunnerProcessConfig } from '@paykit/checkout-agent';
import { AGENT_CHECKOUT_RUNNER_OVERRIDES } from '../../../src/agent-checkouts/shared/tokens.js';

/** Hands the in-process runner test-only settings (a gating transport) through the app's imports. */
@Module({})
export class RunnerOverridesModule {
  static with(overrides: Partial<RunnerProcessConfig>): DynamicModule {
    return {
      module: RunnerOverridesModule,
      global: true,
      providers: [{ provide: AGENT_CHECKOUT_RUNNER_OVERRIDES, useValue: overrides }],
      exports: [AGENT_CHECKOUT_RUNNER_OVERRIDES],
    };
  }
}
