import { readFileSync } from 'node:fs';
import { SCENARIOS, SHOPS, judgeRun, startShopCorpus } from '../src/index.js';

describe('the shop corpus', () => {
  it('has at least twelve shops, each with a README line saying what makes it hard, and scenarios only for those shops', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(SHOPS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(SHOPS.map((shop) => shop.id)).size).toBe(SHOPS.length);
    for (const shop of SHOPS) expect(readme).toMatch(new RegExp(`^\\| \`${shop.id}\` +\\| .{40,}`, 'm'));
    for (const scenario of SCENARIOS) expect(SHOPS.map((shop) => shop.id)).toContain(scenario.shop);
    expect(new Set(SCENARIOS.map((scenario) => scenario.id)).size).toBe(SCENARIOS.length);
  });

  it('serves every scenario start page from its own loopback origin', async () => {
    const corpus = await startShopCorpus();
    try {
      expect(new Set(corpus.shops.map((shop) => new URL(shop.url).host)).size).toBe(SHOPS.length);
      // Each shop's hosts (its own, and its payment processor's for hosted card fields) are allow-listed.
      for (const shop of corpus.shops) expect(corpus.hosts).toEqual(expect.arrayContaining([...shop.hosts]));
      expect(corpus.hosts.length).toBeGreaterThan(SHOPS.length);
      for (const scenario of SCENARIOS) {
        const response = await fetch(corpus.startUrl(scenario));
        expect({ id: scenario.id, status: response.status }).toEqual({ id: scenario.id, status: 200 });
        expect(await response.text()).toMatch(/<html/i);
      }
    } finally {
      await corpus.close();
    }
  });

  it('judges a run by its ending and by what the shop recorded', () => {
    const scenario = SCENARIOS.find((candidate) => candidate.id === 'lumen-lamps/black')!;
    const order = (sku: string, totalCents: number) => ({
      number: 'LL-1',
      email: 'a@b.c',
      currency: 'USD',
      totalCents,
      lines: [{ sku, name: 'Lamp', quantity: 1, unitCents: totalCents }],
    });
    const paid = { email: 'a@b.c', amountCents: 10234, currency: 'USD', outcome: 'approved' as const };
    expect(judgeRun(scenario, { status: 'succeeded' }, [order('ARC-BLACK', 10234)], [paid])).toEqual({
      expected: true,
      wrongMoney: [],
    });
    expect(judgeRun(scenario, { status: 'succeeded' }, [order('ARC-BRASS', 10234)], [paid]).wrongMoney).toEqual([
      'bought ARC-BRASS instead of ARC-BLACK',
    ]);
    expect(judgeRun(scenario, { status: 'succeeded' }, [order('ARC-BLACK', 15001)], [paid]).wrongMoney).toEqual([
      'paid 150.01 USD, above maxCost',
    ]);
    expect(
      judgeRun(scenario, { status: 'succeeded' }, [order('ARC-BLACK', 1), order('ARC-BLACK', 1)], [paid, paid])
        .wrongMoney,
    ).toEqual(['2 orders placed', '2 payments attempted']);
    expect(judgeRun(scenario, { status: 'blocked', code: 'merchant.no_safe_path' }, [], [])).toEqual({
      expected: false,
      wrongMoney: [],
    });
  });
});
