import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WebhookVerificationError, verifyWebhook } from '../src/index.js';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const body = JSON.stringify({ type: 'wallets.transfer.in', data: { id: 'tx_1', amount: '1.5' } });

/** Signed by the Standard Webhooks reference implementation, as a sender would. */
const signed = (secrets: readonly string[], payload = body, at = new Date()) => {
  const id = `msg_${randomBytes(8).toString('hex')}`;
  const signature = secrets.map((secret) => new Webhook(secret).sign(id, at, payload)).join(' ');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
};

describe('verifyWebhook', () => {
  it('answers the event of a delivery signed with the endpoint secret, from plain or fetch headers', () => {
    const secret = newSecret();
    const headers = signed([secret]);
    expect(verifyWebhook(secret, headers, body)).toEqual(JSON.parse(body));
    expect(verifyWebhook(secret, new Headers(headers), Buffer.from(body))).toEqual(JSON.parse(body));
    const shouted = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyWebhook(secret, shouted, body).type).toBe('wallets.transfer.in');
  });

  it('accepts either signature while a rotated secret is still signing', () => {
    const [previous, current] = [newSecret(), newSecret()];
    const headers = signed([current, previous]);
    expect(verifyWebhook(previous, headers, body).type).toBe('wallets.transfer.in');
    expect(verifyWebhook(current, headers, body).type).toBe('wallets.transfer.in');
  });

  it('refuses another secret, a changed body, a stale timestamp and missing headers', () => {
    const secret = newSecret();
    const headers = signed([secret]);
    expect(() => verifyWebhook(newSecret(), headers, body)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(secret, headers, body.replace('1.5', '15'))).toThrow(WebhookVerificationError);
    const stale = signed([secret], body, new Date(Date.now() - 10 * 60_000));
    expect(() => verifyWebhook(secret, stale, body)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(secret, { 'webhook-id': headers['webhook-id'] }, body)).toThrow(
      WebhookVerificationError,
    );
  });
});
