/** The chain gateway the wallets module uses (`ChainGateway` of @paykit/providers). */
export const CHAIN_GATEWAY = Symbol('ChainGateway');

/**
 * A gateway provided by a global module (tests, tools) in place of the configured one, e.g. a
 * sandbox on a clock the test moves, or an EVM node the test runs.
 */
export const CHAIN_GATEWAY_OVERRIDE = Symbol('ChainGatewayOverride');
