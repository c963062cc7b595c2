import { preset } from '../../jest.preset.js';
// End-to-end runs use real local servers and subscriptions (~100 ms each): a generous limit for loaded CI machines.
export default { ...preset, displayName: 'checkout-agent', testTimeout: 20_000 };
