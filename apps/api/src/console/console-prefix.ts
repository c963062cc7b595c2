/** Where the operators' console is served (ADR 0820). */
export const CONSOLE_PREFIX = '/console';
