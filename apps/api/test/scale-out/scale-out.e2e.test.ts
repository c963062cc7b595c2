/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { DEFAULT_ACP_API_KEY, DEFAULT_MERCHANT_ID, type DemoMerchant, createDemoMerchant } from '@paykit/demo-merchant';
import { openSse } from '../agent-checkouts/support/sse.js';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver.js';
import { type Deployment, type StoreKind, startDeployment } from './support/deployment.js';
import { ProviderRecords } from './support/provider-records.js';
import { CHAIN, ENDPOINTS, ORDERS, RUNS, ServiceClient, WALLETS, eventually } from './support/service-client.js';

/**
 * The service as operators run it, through a round-robin load balancer: on EventStoreDB (the
 * protocol test server) with two API instances, each its own process with its own DATA_DIR and
 * the one SECRETS_KEY; and the same flows on the embedded store with one instance. Every
 * request may land on either instance, a stream's reconnect included. Side effects are counted
 * where they happen: balances at the sandbox chain, orders and charges at the demo merchant,
 * requests at the webhook receiver. Each must have happened once.
 *
 * Balances, transfers, onramp and offramp need the sandbox providers' state in the shared store
 * (branch `sandboxstate`, issue 20): without it each instance keeps its own chain ledger, card
 * vault and payouts, and those tests fail on EventStoreDB (they pass on the embedded store).
 */
const deployments: readonly [string, StoreKind, number][] = [
  ['two API instances on EventStoreDB', 'esdb', 2],
  ['one API instance on the embedded store', 'sqlite', 1],
];

describe.each(deployments)('%s behind a round-robin proxy', (_, kind, instances) => {
  let deployment: Deployment;
  let merchant: DemoMerchant;
  let receiver: WebhookReceiver;
  let client: ServiceClient;
  let projectId: string;

  beforeAll(async () => {
    const started = Date.now();
    merchant = await createDemoMerchant({ seed: `scale-out-${kind}` });
    receiver = await WebhookReceiver.start();
    deployment = await startDeployment({
      kind,
      instances,
      env: {
        RATE_LIMIT_WRITES_PER_MIN: '100000',
        RATE_LIMIT_READS_PER_MIN: '100000',
        SANDBOX_BLOCK_TIME_MS: '20',
        ORDER_WORKER_INTERVAL_MS: '50',
        ORDER_NO_KYC_THRESHOLD_USD: '100',
        KYC_SANDBOX_COMPLETION_DELAY_MS: '0',
        PAYOUT_SANDBOX_SEND_DELAY_MS: '50',
        PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS: '100',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_MS: '50',
        AGENT_CHECKOUT_ALLOWED_HOSTS: new URL(merchant.url).host,
        // The demo merchant's documented test credential for its agentic-checkout API (issue 21).
        AGENT_CHECKOUT_ACP_CREDENTIALS: JSON.stringify({
          [new URL(merchant.url).origin]: { token: DEFAULT_ACP_API_KEY, merchantId: DEFAULT_MERCHANT_ID },
        }),
        AGENT_CHECKOUT_BROWSER: 'off',
        AGENT_CHECKOUT_LIVE_VIEW: 'off',
        AGENT_CHECKOUT_SWEEP_MS: '500',
        AUTH_CACHE_TTL_MS: '1000',
      },
    });
    process.stderr.write(`scale-out (${kind}): instances up after ${Date.now() - started} ms\n`);
    const created = await deployment.cli('project', 'create', '--name', 'Scale-out shop', '--json');
    if (created.code !== 0) throw new Error(`project create: ${created.stderr}`);
    const keys = JSON.parse(created.stdout) as { projectId: string; serverKey: string; clientKey: string };
    projectId = keys.projectId;
    client = new ServiceClient(deployment, keys.serverKey, keys.clientKey);
    process.stderr.write(`scale-out (${kind}): deployed and provisioned in ${Date.now() - started} ms\n`);
  }, 180_000);
  afterAll(async () => {
    await deployment?.close();
    await receiver?.close();
    await merchant?.close();
  });

  /**
   * The providers' own records, when they keep them in the store (branch `sandbox-state`); until
   * then there is nothing there to count, and balances alone show what the chain did.
   */
  const providerRecords = async (): Promise<ProviderRecords | null> => {
    const records = await ProviderRecords.read(await deployment.store());
    if (records.kept) return records;
    process.stderr.write(
      `scale-out (${kind}): the sandbox providers keep no records in the store: counted by balances only\n`,
    );
    return null;
  };

  it('first start: of instances started together on an empty store, one created the development project', async () => {
    const banners = deployment.instances.filter((instance) => instance.stdout().includes('First run: created'));
    expect(banners).toHaveLength(1);
    const listed = await deployment.cli('project', 'list', '--json');
    const projects = JSON.parse(listed.stdout) as { name: string }[];
    expect(projects.filter((project) => project.name === 'Development')).toHaveLength(1);
  });

  it('projects and keys from the CLI: every instance accepts what it creates and refuses what it revokes', async () => {
    const current = await client.fromEach('/unstable/projects/current');
    expect(current.map((answer) => [answer.status, answer.body.projectId])).toEqual(
      deployment.instances.map(() => [200, projectId]),
    );

    const issued = await deployment.cli(
      'key',
      'create',
      '--project',
      projectId,
      '--kind',
      'server',
      '--scopes',
      'wallets.read',
      '--json',
    );
    const { key } = JSON.parse(issued.stdout) as { key: string };
    const reader = new ServiceClient(deployment, key, '');
    expect((await reader.fromEach('/unstable/projects/current')).map((answer) => answer.status)).toEqual(
      deployment.instances.map(() => 200),
    );

    const revoked = await deployment.cli(
      'key',
      'revoke',
      '--project',
      projectId,
      '--key-prefix',
      key.slice(0, 'sk_staging_'.length + 8),
    );
    expect(revoked.code).toBe(0);
    await eventually(
      'the revoked key refused everywhere',
      () => reader.fromEach('/unstable/projects/current'),
      (answers) => answers.every((answer) => answer.status === 401),
    );
  });

  it('wallets: one created through the load balancer reads the same from every instance', async () => {
    const address = await client.wallet('email:reader@example.com');
    const read = await client.fromEach(`${WALLETS}/${address}`);
    expect(read.map((answer) => answer.status)).toEqual(deployment.instances.map(() => 200));
    expect(new Set(read.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
  });

  it('faucet: funded once, the balance reads the same from every instance [needs sandbox state in the store]', async () => {
    const address = await client.wallet('email:funded@example.com');
    await client.faucet(address, 10);
    expect(
      await eventually(
        'the balance',
        () => client.balancesFromEach(address),
        (amounts) => amounts.every((amount) => amount === '10'),
      ),
    ).toEqual(deployment.instances.map(() => '10'));
    const records = await providerRecords();
    if (records) expect(records.tokenMintsTo(address)).toBe(1);
  });

  it('transfers: sent once to success; both balances read the same from every instance [needs sandbox state in the store]', async () => {
    const [from, to] = [await client.wallet('email:payer@example.com'), await client.wallet('email:payee@example.com')];
    await client.faucet(from, 10);
    const sent = await client.call('POST', `${WALLETS}/${from}/tokens/${CHAIN}:usdc/transfers`, {
      recipient: to,
      amount: '2.5',
    });
    expect(sent.status).toBe(201);
    const path = `${WALLETS}/${from}/transactions/${sent.body.id}`;
    await eventually(
      'the transfer on every instance',
      () => client.fromEach(path),
      (answers) => answers.every((answer) => answer.body.status === 'success'),
    );
    // Sent twice, the payee would hold 5 and the payer 5.
    expect(await client.balancesFromEach(to)).toEqual(deployment.instances.map(() => '2.5'));
    expect(await client.balancesFromEach(from)).toEqual(deployment.instances.map(() => '7.5'));
    const records = await providerRecords();
    if (records) expect(records.transactionsKeyed(sent.body.id)).toBe(1);
  });

  it('onramp by card: paid, delivered once to the wallet [needs sandbox state in the store]', async () => {
    const wallet = await client.wallet('email:onramp@example.com');
    const chargesBefore = (await ProviderRecords.read(await deployment.store())).of('SandboxChargeCreated');
    const created = await client.call('POST', ORDERS, {
      recipient: { walletAddress: wallet },
      payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
      lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '20', maxSlippageBps: '100' } }],
    });
    expect(created.status).toBe(201);
    const { order, clientSecret } = created.body;
    const token = await client.cardToken('4242424242424242');
    const paid = await client.at(
      deployment.baseUrl,
      'POST',
      `${ORDERS}/${order.orderId}/payment`,
      { type: 'card-token', token },
      {
        'x-api-key': client.clientKey,
        authorization: clientSecret,
      },
    );
    expect(paid.status).toBe(200);
    const delivered = await eventually(
      'the delivery',
      () => client.call('GET', `${ORDERS}/${order.orderId}`),
      (answer) => answer.body.phase === 'completed',
    );
    const quantity = delivered.body.lineItems[0].delivery.tokens[0].quantity as string;
    expect((await client.fromEach(`${ORDERS}/${order.orderId}`)).map((answer) => answer.body.phase)).toEqual(
      deployment.instances.map(() => 'completed'),
    );
    expect(await client.balancesFromEach(wallet)).toEqual(deployment.instances.map(() => quantity));
    const records = await providerRecords();
    if (records) {
      expect(records.of('SandboxChargeCreated') - chargesBefore).toBe(1);
      expect(records.transactionsKeyed(`dlv_${order.orderId}`)).toBe(1);
    }
  });

  it('offramp: the deposit received, paid out once [needs sandbox state in the store]', async () => {
    const owner = 'email:offramp@example.com';
    const wallet = await client.wallet(owner);
    await client.faucet(wallet, 40);
    const payoutsBefore = (await ProviderRecords.read(await deployment.store())).of('SandboxPayoutCreated');
    const methodId = await client.paymentMethod(owner);
    const created = await client.call('POST', ORDERS, {
      recipient: { paymentMethodId: methodId },
      payment: { method: CHAIN, currency: 'usdc', payerAddress: wallet },
      lineItems: { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount: '25' } },
    });
    expect(created.status).toBe(201);
    const { order } = created.body;
    const { depositAddress, transactionParameters } = order.payment.preparation;
    const sent = await client.call('POST', `${WALLETS}/${wallet}/tokens/${CHAIN}:usdc/transfers`, {
      recipient: depositAddress,
      amount: transactionParameters.amount,
      memo: { type: 'text', value: transactionParameters.memo },
    });
    const transfer = await eventually(
      'the deposit',
      () => client.call('GET', `${WALLETS}/${wallet}/transactions/${sent.body.id}`),
      (answer) => answer.body.status === 'success',
    );
    const paid = await client.call('POST', `${ORDERS}/${order.orderId}/payment`, {
      type: 'crypto-tx-id',
      txId: transfer.body.onChain.txId,
    });
    expect(paid.status).toBe(200);
    await eventually(
      'the payout',
      () => client.fromEach(`${ORDERS}/${order.orderId}`),
      (answers) => answers.every((answer) => answer.body.phase === 'completed'),
    );
    expect(await client.balancesFromEach(wallet)).toEqual(deployment.instances.map(() => '15'));
    const records = await providerRecords();
    if (records) {
      expect(records.of('SandboxPayoutCreated') - payoutsBefore).toBe(1);
      expect(records.transactionsKeyed(sent.body.id)).toBe(1);
    }
  });

  /** A run for its own buyer (an email the merchant's orders are told apart by). */
  const startRun = async (slug: string, user: string) => {
    const email = `${user}-${kind}@example.com`;
    const as = { 'x-service-user-id': user };
    const profile = await client.call(
      'POST',
      `${RUNS}/buyer-profiles`,
      {
        name: { first: 'Ada', last: 'Buyer' },
        contact: { email, phone: '+14155550100' },
        shipping: {
          addressLines: ['1 Market St'],
          locality: 'San Francisco',
          administrativeAreaCode: 'CA',
          postalCode: '94105',
          countryCode: 'us',
        },
      },
      as,
    );
    expect(profile.status).toBe(201);
    const created = await client.call(
      'POST',
      RUNS,
      {
        constraints: { maxCost: { amount: '60', currency: 'USD' } },
        request: { startUrl: `${merchant.url}/products/${slug}` },
        buyerProfileId: profile.body.id,
      },
      as,
    );
    expect(created.status).toBe(202);
    return { runId: created.body.runId as string, email, as };
  };
  const finalRun = (runId: string, as: Record<string, string>) =>
    eventually(
      `run ${runId}`,
      () => client.call('GET', `${RUNS}/${runId}`, undefined, as),
      (answer) => ['succeeded', 'failed', 'blocked', 'cancelled'].includes(answer.body.status),
    );

  it('agent checkouts on the demo merchant: each run processed once, its stream followed across a reconnect', async () => {
    const runs = await Promise.all(['mug', 'mug', 'mug', 'mug'].map((slug, i) => startRun(slug, `shopper${i}`)));
    // Follow the first run's stream, drop it after the first event, and resume on whichever instance answers.
    const [first] = runs;
    const headers = { 'x-api-key': client.serverKey, ...first!.as };
    const url = `${deployment.baseUrl}${RUNS}/${first!.runId}/messages/stream`;
    const opened = await openSse(url, headers);
    const seen = await opened.waitFor((event) => event.event === 'run.updated');
    opened.close();
    const resumed = await openSse(url, { ...headers, 'last-event-id': seen.id });
    await resumed.ended;
    const streamed = resumed.events.filter((event) => event.event === 'run.updated');
    expect(streamed.every((event) => Number(event.id) > Number(seen.id))).toBe(true);
    expect(streamed.at(-1)?.data.status).toBe('succeeded');

    for (const run of runs) {
      const done = await finalRun(run.runId, run.as);
      expect(done.body.status).toBe('succeeded');
      const orders = merchant.state.orders().filter((order) => order.buyer.email === run.email);
      expect(orders).toHaveLength(1);
      expect(done.body.result.purchase.receipt.merchantOrderId).toBe(orders[0]!.number);
      const snapshots = await client.fromEach(`${RUNS}/${run.runId}`, run.as);
      expect(new Set(snapshots.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    }
    expect(merchant.state.charged().length).toBe(merchant.state.orders().length);
    // The load balancer spread the work: each instance answered some of it.
    expect(deployment.proxy.served.every((count) => count > 0)).toBe(true);
  });

  it('webhooks: each event delivered once per endpoint, the same log on every instance', async () => {
    const created = await client.call('POST', ENDPOINTS, {
      url: receiver.url('/runs'),
      eventTypes: ['agent-checkouts.run.updated'],
    });
    expect(created.status).toBe(201);
    receiver.trust('/runs', created.body.secret);
    const runs = await Promise.all(['mug', 'mug'].map((slug, i) => startRun(slug, `hooked${i}`)));
    for (const run of runs) await finalRun(run.runId, run.as);
    const ofRuns = () => receiver.handled.filter((event) => runs.some((run) => run.runId === event.data['runId']));
    await receiver.until(() =>
      runs.every((run) =>
        ofRuns().some((event) => event.data['runId'] === run.runId && event.data['status'] === 'succeeded'),
      ),
    );
    const log = `${ENDPOINTS}/${created.body.id}/deliveries?limit=100`;
    const logs = await eventually(
      'every delivery settled on every instance',
      () => client.fromEach(log),
      (answers) =>
        answers.every(
          (answer) =>
            answer.body.data.length === receiver.requests.filter((request) => request.path === '/runs').length &&
            answer.body.data.every((item: any) => item.status === 'delivered'),
        ),
    );
    const received = receiver.requests.filter((request) => request.path === '/runs');
    const ids = received.map((request) => String(request.headers['webhook-id']));
    expect(new Set(ids).size).toBe(ids.length);
    expect(received.every((request) => request.verified && request.status === 200)).toBe(true);
    for (const answer of logs) {
      expect(answer.body.data.map((item: any) => [item.messageId, item.attemptCount]).sort()).toEqual(
        ids.map((id) => [id, 1]).sort(),
      );
    }
  });
});
