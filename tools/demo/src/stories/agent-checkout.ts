import { expectOk } from '@paykit/client';
import { waitFor } from '../wait.js';
import type { StoryContext } from './context.js';

const FINAL = new Set(['succeeded', 'failed', 'blocked', 'cancelled']);

/** An agent checkout on the demo merchant: a buyer profile, a run within 50 USD, its outcome. */
export const agentCheckoutStory = async (context: StoryContext, merchantUrl: string, user: string) => {
  const header = { 'x-service-user-id': user };
  const profile = await expectOk(
    context.client.POST('/unstable/agent-checkouts/buyer-profiles', {
      params: { header },
      body: {
        name: { first: 'Sam', last: 'Shopper' },
        contact: { email: 'sam@example.com' },
        shipping: {
          addressLines: ['1 Market St'],
          locality: 'San Francisco',
          administrativeAreaCode: 'CA',
          postalCode: '94105',
          countryCode: 'US',
        },
      },
    }),
  );
  context.report.step(`buyer profile ${profile.id} for user ${user}`);
  const startUrl = `${merchantUrl}/products/mug`;
  const run = await expectOk(
    context.client.POST('/unstable/agent-checkouts', {
      params: { header },
      body: {
        constraints: { maxCost: { amount: '50', currency: 'USD' } },
        request: { startUrl, task: 'Buy one ceramic mug, standard shipping' },
        buyerProfileId: profile.id,
      },
    }),
  );
  context.report.step(`run ${run.runId} on ${startUrl}: ${run.status}`);
  const final = await waitFor(
    `run ${run.runId} to end`,
    () =>
      expectOk(
        context.client.GET('/unstable/agent-checkouts/{runId}', { params: { path: { runId: run.runId }, header } }),
      ),
    (snapshot) => FINAL.has(snapshot.status),
    { timeoutMs: context.waitMs },
  );
  const outcome =
    'result' in final && final.result ? `${final.result.summary}` : 'reason' in final ? `reason ${final.reason}` : '';
  context.report.step(`run ${final.status} at revision ${final.revision}: ${outcome}`);
  return final;
};
