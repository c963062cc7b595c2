/** Paths of the module, relative to the API prefix (the spec's unstable segment, no date). */
export const AGENT_CHECKOUTS_PATH = 'unstable/agent-checkouts';
export const BUYER_PROFILES_PATH = `${AGENT_CHECKOUTS_PATH}/buyer-profiles`;
export const BROWSER_PROFILES_PATH = `${AGENT_CHECKOUTS_PATH}/browser-profiles`;
export const AGENT_CHECKOUTS_TAG = ['Agent checkouts'] as const;
