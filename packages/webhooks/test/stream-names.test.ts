import { webhookDeliveryStream, webhookEndpointStreamName } from '../src/index.js';

// Stream names are stored: renaming one would orphan every endpoint and delivery already recorded.
describe('webhook stream names', () => {
  it("an endpoint's stream is webhookEndpoint- and its id", () => {
    expect(webhookEndpointStreamName('ep_1')).toBe('webhookEndpoint-ep_1');
  });

  it("a delivery's stream is webhookdelivery- and its endpoint and message, one per pair", () => {
    expect(webhookDeliveryStream({ endpointId: 'ep_1', messageId: 'msg_1' })).toBe('webhookdelivery-ep_1:msg_1');
    expect(webhookDeliveryStream({ endpointId: 'ep_2', messageId: 'msg_1' })).toBe('webhookdelivery-ep_2:msg_1');
  });
});
