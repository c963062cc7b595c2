/**
 * webhooks/delivery/delivery-claims.ts still imports eventsToAppend from here; the wallets area
 * takes its caller from http/caller.ts (issue 16). Remove once that import is gone.
 */
export { eventsToAppend } from '../../infrastructure/events-to-append.js';
