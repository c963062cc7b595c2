/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { type As, type Harness, runBody, startHarness } from '../agent-checkouts/support/harness.js';

/**
 * ADR 0112: every list body names `nextCursor` and `previousCursor`, a cursor or null when there
 * is no page that way, and pages back exactly to where it came from. The lists that only paged
 * forward before (agent checkout runs, buyer and browser profiles, messages, transactions).
 */
interface Page {
  readonly data?: unknown[];
  /** The transactions list's items, named as the public SDK reads them. */
  readonly transactions?: unknown[];
  readonly nextCursor: string | null;
  readonly previousCursor: string | null;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { AGENT_CHECKOUT_RUNNER: 'off' } });
});
afterAll(() => h.close());

const withCursor = (path: string, cursor: string) =>
  `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

/** Reads one page and checks the rule's letter: both cursors present, each a string or null. */
const read = async (path: string, as: As): Promise<Page> => {
  const response = await h.call('GET', path, { as });
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  for (const field of ['nextCursor', 'previousCursor'] as const) {
    expect(response.body).toHaveProperty(field);
    const value = response.body[field];
    expect(value === null || (typeof value === 'string' && value.length > 0)).toBe(true);
  }
  return response.body;
};

/** Walks to the end by nextCursor, then back to the start by previousCursor: the same pages, reversed. */
const walkBothWays = async (path: string, as: As, expectedItems: number): Promise<unknown[]> => {
  const forwards: Page[] = [await read(path, as)];
  expect(forwards[0]!.previousCursor).toBeNull();
  while (forwards.at(-1)!.nextCursor !== null)
    forwards.push(await read(withCursor(path, forwards.at(-1)!.nextCursor!), as));
  const itemsOf = (page: Page) => page.data ?? page.transactions ?? [];
  const items = forwards.flatMap(itemsOf);
  expect(items).toHaveLength(expectedItems);
  expect(forwards.length).toBeGreaterThan(2);

  const backwards: Page[] = [];
  let cursor = forwards.at(-1)!.previousCursor;
  while (cursor !== null) {
    const page = await read(withCursor(path, cursor), as);
    backwards.push(page);
    cursor = page.previousCursor;
  }
  expect(backwards.map(itemsOf)).toEqual(forwards.slice(0, -1).reverse().map(itemsOf));
  // The first page, reached backwards, leads forwards again.
  expect(backwards.at(-1)!.nextCursor).toEqual(expect.any(String));
  return items;
};

const ids = (items: unknown[]) => items.map((item: any) => item.id ?? item.runId);

describe('the cursor rule on every list', () => {
  it('agent checkout runs: newest first, both ways', async () => {
    const as: As = { user: 'lister-runs' };
    const created: string[] = [];
    for (let index = 0; index < 5; index++) {
      created.push(
        (await h.call('POST', '/unstable/agent-checkouts', { as, body: runBody(h.product('mug'), '50') })).body.runId,
      );
    }
    // Newest first by createdAt, ties broken by id: the set is what this caller created.
    expect(ids(await walkBothWays('/unstable/agent-checkouts?limit=2', as, 5)).sort()).toEqual([...created].sort());
  });

  it('buyer profiles: newest first, both ways', async () => {
    const as: As = { user: 'lister-buyers' };
    const shipping = {
      addressLines: ['1 Market St'],
      locality: 'San Francisco',
      postalCode: '94105',
      countryCode: 'US',
    };
    const created: string[] = [];
    for (let index = 0; index < 5; index++) {
      created.push(
        (
          await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', {
            as,
            body: { label: `#${index}`, shipping },
          })
        ).body.id,
      );
    }
    expect(ids(await walkBothWays('/unstable/agent-checkouts/buyer-profiles?limit=2', as, 5)).sort()).toEqual(
      [...created].sort(),
    );
  });

  it('browser profiles: one page, both cursors null', async () => {
    const as: As = { user: 'lister-browsers' };
    expect((await h.call('POST', '/unstable/agent-checkouts/browser-profiles', { as, body: {} })).status).toBe(201);
    expect(await read('/unstable/agent-checkouts/browser-profiles', as)).toMatchObject({
      nextCursor: null,
      previousCursor: null,
    });
  });

  it('a run’s messages: oldest first, both ways', async () => {
    const as: As = { user: 'lister-messages' };
    const { runId } = (await h.call('POST', '/unstable/agent-checkouts', { as, body: runBody(h.product('mug'), '50') }))
      .body;
    for (let index = 1; index <= 5; index++) {
      await h.call('POST', `/unstable/agent-checkouts/${runId}/messages`, {
        as,
        body: { id: `m${index}`, parts: [{ type: 'text', text: `${index}` }] },
      });
    }
    expect(ids(await walkBothWays(`/unstable/agent-checkouts/${runId}/messages?limit=2`, as, 5))).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
  });

  it('a wallet’s transactions: newest first, both ways', async () => {
    const as: As = { service: true };
    const payer = (
      await h.call('POST', '/2025-06-09/wallets', { as, body: { chainType: 'evm', type: 'mpc', alias: 'cursor-rule' } })
    ).body;
    const recipient = (
      await h.call('POST', '/2025-06-09/wallets', {
        as,
        body: { chainType: 'evm', type: 'mpc', alias: 'cursor-rule-to' },
      })
    ).body;
    await h.call('POST', `/v1-alpha2/wallets/${payer.address}/balances`, {
      as,
      body: { amount: 10, token: 'usdc', chain: 'base-sepolia' },
    });
    const sent: string[] = [];
    for (const amount of ['0.1', '0.2', '0.3', '0.4', '0.5']) {
      const transfer = await h.call('POST', `/2025-06-09/wallets/${payer.address}/tokens/base-sepolia:usdc/transfers`, {
        as,
        body: { recipient: recipient.address, amount },
      });
      expect(transfer.status).toBe(201);
      sent.push(transfer.body.id);
    }
    expect(ids(await walkBothWays(`/2025-06-09/wallets/${payer.address}/transactions?limit=2`, as, 5))).toEqual(
      [...sent].reverse(),
    );
  });
});
