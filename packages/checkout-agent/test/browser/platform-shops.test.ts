import { SCENARIOS } from '@paykit/shop-corpus';
import { type CorpusHarness, startCorpusHarness } from './support/corpus-harness.js';
import { describeWithChromium } from './support/chromium.js';

/**
 * The six platform-imitation shops (docs/adr/0232) end as their scenarios expect with the
 * general reading rules: a purchase with a variant choice and a stop case each, nothing paid wrongly.
 */
const SHOPS = ['fjord-knits', 'thyme-trowel', 'larch-outdoor', 'tern-coffee', 'maison-lin', 'nordlicht-home'];

describeWithChromium('the platform-imitation shops', () => {
  let h: CorpusHarness;
  beforeAll(async () => {
    h = await startCorpusHarness(SHOPS);
  });
  afterAll(() => h?.close());

  it.each(SCENARIOS.filter((scenario) => SHOPS.includes(scenario.shop)).map((scenario) => [scenario.id, scenario]))(
    '%s ends as expected',
    async (_, scenario) => {
      const result = await h.run(scenario);
      // The whole snapshot and the runner's warnings when it did not: the message says why.
      expect(result.verdict.expected ? result.verdict : { ...result.snapshot, problems: result.problems }).toEqual({
        expected: true,
        wrongMoney: [],
      });
    },
    120_000,
  );
});
