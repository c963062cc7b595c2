import * as E from 'fp-ts/lib/Either.js';
import { Webhook } from 'standardwebhooks';
import { endpointSecretOf, signatureOf, signingKeyOf, webhookHeaders } from '../src/index.js';

// The Standard Webhooks reference vector (standard-webhooks/standard-webhooks, its library tests).
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signing', () => {
  it('signs the reference vector to the reference signature', () => {
    expect(signatureOf(VECTOR, [VECTOR.secret])).toBe(VECTOR.signature);
  });

  it('puts the id, the timestamp in seconds and the signature in the three headers', () => {
    expect(webhookHeaders(VECTOR, [VECTOR.secret])).toEqual({
      'webhook-id': VECTOR.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': VECTOR.signature,
    });
  });

  it('signs under every secret given, space-separated, newest first (a rotation’s grace period)', () => {
    const next = endpointSecretOf(Buffer.alloc(32, 7));
    const header = signatureOf(VECTOR, [next, VECTOR.secret]);
    const [first, second, ...rest] = header.split(' ');
    expect(rest).toEqual([]);
    expect(second).toBe(VECTOR.signature);
    // What the reference implementation signs with the new secret.
    expect(first).toBe(new Webhook(next).sign(VECTOR.id, new Date(VECTOR.timestamp * 1000), VECTOR.body));
  });

  it('changes with any byte of the body, the id or the timestamp', () => {
    const base = signatureOf(VECTOR, [VECTOR.secret]);
    expect(signatureOf({ ...VECTOR, body: '{"test": 2432232315}' }, [VECTOR.secret])).not.toBe(base);
    expect(signatureOf({ ...VECTOR, id: 'msg_other' }, [VECTOR.secret])).not.toBe(base);
    expect(signatureOf({ ...VECTOR, timestamp: VECTOR.timestamp + 1 }, [VECTOR.secret])).not.toBe(base);
  });

  it('refuses to sign without a secret', () => {
    expect(() => signatureOf(VECTOR, [])).toThrow('at least one secret');
  });
});

describe('endpoint secrets', () => {
  it('are whsec_ and the base64 of the random bytes, and read back to those bytes', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, index) => index));
    const secret = endpointSecretOf(bytes);
    expect(secret).toBe(`whsec_${bytes.toString('base64')}`);
    expect(signingKeyOf(secret)).toEqual(E.right(bytes));
  });

  it('refuse a missing prefix, bad base64 and keys of the wrong size', () => {
    for (const secret of [
      'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'whsec_not base64!',
      `whsec_${Buffer.alloc(8).toString('base64')}`,
    ]) {
      expect(signingKeyOf(secret)).toEqual(E.left(expect.objectContaining({ code: 'invalid_webhook_secret' })));
    }
    expect(() => endpointSecretOf(Buffer.alloc(16))).toThrow('24 to 64 bytes');
  });
});
