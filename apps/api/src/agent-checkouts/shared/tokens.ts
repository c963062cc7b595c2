/** Injection tokens of the agent-checkout module. */
export const AGENT_CHECKOUT_KEYS = Symbol('AgentCheckoutKeys');
export const AGENT_CHECKOUT_CURSORS = Symbol('AgentCheckoutCursors');
/** The encrypted blob store holding browser-profile state and protected answers. */
export const AGENT_CHECKOUT_BLOBS = Symbol('AgentCheckoutBlobs');
/**
 * Optional `Partial<RunnerProcessConfig>` merged over the in-process runner's configuration.
 * Tests provide it from a global module (a gating HTTP transport, a short lease); nothing
 * else does.
 */
export const AGENT_CHECKOUT_RUNNER_OVERRIDES = Symbol('AgentCheckoutRunnerOverrides');
