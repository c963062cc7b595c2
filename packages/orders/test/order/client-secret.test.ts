import { fold } from '@paykit/kernel';
import { clientSecretMatches, hashClientSecret, orderDecider, type Order } from '../../src/index.js';
import { onrampCreated } from '../fixtures.js';

describe('client secret', () => {
  const order = fold(orderDecider, [onrampCreated({ clientSecretHash: hashClientSecret('cs_secret') })]) as Order;

  it('authorizes with the secret issued for the order only', () => {
    expect(clientSecretMatches(order, 'cs_secret')).toBe(true);
    expect(clientSecretMatches(order, 'cs_other')).toBe(false);
  });

  it('stores a hash, never the secret', () => {
    expect(order.clientSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(order)).not.toContain('cs_secret');
  });

  it('an order without a secret (a draft) matches nothing', () => {
    expect(clientSecretMatches({ ...order, clientSecretHash: '' }, '')).toBe(false);
  });
});
