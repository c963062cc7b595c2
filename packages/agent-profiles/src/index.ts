export type { ProfileOwner } from './profile-owner.js';
export * from './buyer-profile/buyer-profile-details.js';
export * from './buyer-profile/buyer-profile-decider.js';
export * from './browser-profiles/browser-profiles-decider.js';
export * from './browser-profiles/erasure-holds.js';
