import { randomBytes } from 'node:crypto';
import { type WebhookEventType, createPayKitClient } from '@paykit/client';
import { type Report, textReport } from './report.js';
import { agentCheckoutStory } from './stories/agent-checkout.js';
import { type StoryContext, userEmail } from './stories/context.js';
import { offrampStory } from './stories/offramp.js';
import { onrampStory } from './stories/onramp.js';
import { createWallet, fundWallet, stablecoinBalance, transfer } from './stories/wallets.js';
import { expectDeliveries, openWebhookSession } from './stories/webhooks.js';

export interface TourOptions {
  /** The API's `{base_url}`, prefix included. */
  readonly baseUrl: string;
  /** A server key holding every scope (the one `pnpm cli project create` or the first start prints). */
  readonly apiKey: string;
  /** The demo merchant's URL, when the server may reach it (allow-listed); the checkout story is skipped otherwise. */
  readonly merchantUrl?: string;
  readonly report?: Report;
  /** Upper bound of each wait for the sandbox. */
  readonly waitMs?: number;
}

export interface TourResult {
  readonly skipped: readonly string[];
}

/**
 * The README's stories, in order, with the typed client: wallets and the faucet, a transfer, an
 * onramp by card (paid, declined, verified), an offramp to a bank payout, an agent checkout on
 * the demo merchant, and the webhooks all of them raised, each signature verified.
 */
export const runTour = async (options: TourOptions): Promise<TourResult> => {
  const report = options.report ?? textReport((text) => process.stdout.write(text));
  const client = createPayKitClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  const context: StoryContext = {
    client,
    report,
    waitMs: options.waitMs ?? 30_000,
    runTag: randomBytes(3).toString('hex'),
  };
  const skipped: string[] = [];
  const ana = userEmail(context, 'ana');
  const bo = userEmail(context, 'bo');

  report.story('Webhooks: a local endpoint for every event of this tour');
  const webhooks = await openWebhookSession(context);
  if (!webhooks) skipped.push('webhooks');
  try {
    report.story('Wallets and the staging faucet');
    const anaWallet = await createWallet(context, ana);
    const boWallet = await createWallet(context, bo);
    await fundWallet(context, anaWallet, 40);

    report.story('A transfer, followed to success');
    await transfer(context, anaWallet, boWallet.address, '5');
    report.step(
      `balances: ana ${await stablecoinBalance(context, anaWallet)}, bo ${await stablecoinBalance(context, boWallet)} usdc`,
    );

    report.story('Onramp: buy tokens by card');
    await onrampStory(context, anaWallet, ana);

    report.story('Offramp: sell stablecoins, paid out to a bank account');
    await offrampStory(context, anaWallet, ana);

    report.story('Agent checkout on the demo merchant');
    const expected: WebhookEventType[] = [
      'wallets.transfer.out',
      'wallets.transfer.in',
      'orders.quote.created',
      'orders.payment.succeeded',
      'orders.payment.failed',
      'orders.delivery.completed',
    ];
    if (options.merchantUrl) {
      await agentCheckoutStory(context, options.merchantUrl, `sam-${context.runTag}`);
      expected.push('agent-checkouts.run.updated');
    } else {
      report.skipped(
        'no demo merchant: pass --merchant-url of one the server allow-lists (AGENT_CHECKOUT_ALLOWED_HOSTS)',
      );
      skipped.push('agent checkout');
    }

    if (webhooks) {
      report.story('Webhooks received and verified');
      await expectDeliveries(context, webhooks, expected);
    }
  } finally {
    await webhooks?.close();
  }
  return { skipped };
};
