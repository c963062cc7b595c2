import { Webhook } from 'standardwebhooks';
import {
  type LocalSandbox,
  type WebhookReceiver,
  startLocalSandbox,
  startWebhookReceiver,
  waitFor,
} from '@paykit/demo';
import { runCli, runCliWith } from './run-cli.js';

/** `pnpm cli webhooks ...` against a running API (a local sandbox) over HTTP. */
describe('pnpm cli webhooks', () => {
  let sandbox: LocalSandbox;
  let env: Record<string, string>;
  beforeAll(async () => {
    sandbox = await startLocalSandbox();
    env = { PAYKIT_BASE_URL: sandbox.baseUrl, PAYKIT_API_KEY: sandbox.apiKey };
  });
  afterAll(() => sandbox?.close());

  it('listen registers an endpoint for the session, forwards each delivery signed as sent, and removes it on exit', async () => {
    const app: WebhookReceiver = await startWebhookReceiver(() => 204);
    let stderr = '';
    let interrupt: () => void = () => {};
    const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
    const listening = runCliWith(
      { untilInterrupted: () => interrupted, onStderr: (text) => (stderr += text) },
      env,
      'webhooks',
      'listen',
      '--forward-to',
      app.url,
      '--events',
      'orders.payment.succeeded,orders.payment.failed',
    );
    try {
      const secret = (await waitFor(
        'the listener to be ready',
        async () => /verify it with (whsec_\S+)/.exec(stderr),
        Boolean,
      ))![1]!;
      const trigger = await runCli(env, 'webhooks', 'trigger', 'orders.payment.succeeded');
      expect(trigger).toMatchObject({ code: 0, stderr: '' });
      expect(trigger.stdout).toMatch(/paid with card 4242424242424242 \(visa 4242\): payment completed/);

      const forwarded = (await waitFor('the forwarded delivery', async () => app.deliveries[0], Boolean))!;
      // The app verifies the forwarded request with the secret the listener printed, by the reference implementation.
      const event = new Webhook(secret).verify(forwarded.rawBody, forwarded.headers as Record<string, string>) as {
        type: string;
      };
      expect(event.type).toBe('orders.payment.succeeded');
    } finally {
      interrupt();
    }
    const run = await listening;
    await app.close();
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\d\d:\d\d:\d\d {2}orders\.payment\.succeeded +msg_[0-9a-f]{32} {2}-> 204\n/m);
    const endpointId = /endpoint ([0-9a-f-]{36}) receives/.exec(run.stderr)?.[1];
    expect(run.stderr).toContain(`Removed endpoint ${endpointId}.`);
    const listed = await fetch(`${sandbox.baseUrl}/2025-06-09/webhooks/endpoints`, {
      headers: { 'x-api-key': sandbox.apiKey },
    });
    expect(((await listed.json()) as { data: { id: string }[] }).data.map((endpoint) => endpoint.id)).not.toContain(
      endpointId,
    );
  });

  it('trigger raises each event type with real calls, and names the types it knows', async () => {
    const transfer = await runCli(env, 'webhooks', 'trigger', 'wallets.transfer.in');
    expect(transfer.code).toBe(0);
    expect(transfer.stdout).toMatch(/transfer success: txId 0x[0-9a-f]{64}/);
    const run = await runCli(env, 'webhooks', 'trigger', 'agent-checkouts.run.updated');
    expect(run.stdout).toMatch(/run [0-9a-f-]{36} queued/);
    const unknown = await runCli(env, 'webhooks', 'trigger', 'orders.nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Name one event type: orders.quote.created, orders.quote.updated');
    const keyless = await runCli({ PAYKIT_BASE_URL: sandbox.baseUrl }, 'webhooks', 'trigger', 'orders.quote.created');
    expect(keyless).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--api-key (or PAYKIT_API_KEY) is required'),
    });
  });
});
