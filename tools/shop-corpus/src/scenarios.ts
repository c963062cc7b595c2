/** What a run at a corpus shop should end with. */
export interface ExpectedOutcome {
  readonly status: 'succeeded' | 'blocked' | 'failed';
  /** The blocked code or failure reason. */
  readonly code?: string;
  /** For a purchase: the SKU that must be bought, and how many. */
  readonly sku?: string;
  readonly quantity?: number;
}

/** One run at a corpus shop: the task as a user would write it, the budget, and what should happen. */
export interface CorpusScenario {
  /** `<shop>/<case>`. */
  readonly id: string;
  readonly shop: string;
  readonly path: string;
  readonly task: string;
  readonly maxCost: { readonly amount: string; readonly currency: string };
  /** Whether the run names a buyer profile (else every detail a form needs must be asked). */
  readonly buyer: 'profile' | 'none';
  /** The profile's region as this run's profile holds it, when not `CORPUS_BUYER`'s ("US-CA", as ISO 3166-2 writes it). */
  readonly buyerRegion?: string;
  /** The user's answers to questions about product options, by option name ("size": "L"). */
  readonly choices?: Readonly<Record<string, string>>;
  /** `none`: the run must end without asking anything (look before asking). */
  readonly questions: 'none' | 'allowed';
  readonly expected: ExpectedOutcome;
}

const usd = (amount: string) => ({ amount, currency: 'USD' });

export const SCENARIOS: readonly CorpusScenario[] = [
  {
    id: 'fern-tea/two-caddies',
    shop: 'fern-tea',
    path: '/tea/assam-breakfast',
    task: 'Buy 2 caddies of the Assam Breakfast tea',
    maxCost: usd('60'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'FF-ASSAM-125', quantity: 2 },
  },
  {
    id: 'lumen-lamps/black',
    shop: 'lumen-lamps',
    path: '/shop/arc-desk-lamp',
    task: 'Buy the Arc desk lamp in matte black',
    maxCost: usd('150'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'ARC-BLACK', quantity: 1 },
  },
  {
    id: 'lumen-lamps/sold-out-finish',
    shop: 'lumen-lamps',
    path: '/shop/arc-desk-lamp',
    task: 'Buy the Arc desk lamp in white',
    maxCost: usd('150'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'blocked', code: 'product.requested_option_unavailable' },
  },
  {
    id: 'harbor-outfitters/size-m',
    shop: 'harbor-outfitters',
    path: '/p/harbor-rain-jacket',
    task: 'Buy the Harbor rain jacket in size M',
    maxCost: usd('200'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'HRJ-M', quantity: 1 },
  },
  {
    id: 'harbor-outfitters/size-asked',
    shop: 'harbor-outfitters',
    path: '/p/harbor-rain-jacket',
    task: 'Buy the Harbor rain jacket',
    maxCost: usd('200'),
    buyer: 'profile',
    choices: { size: 'L' },
    questions: 'allowed',
    expected: { status: 'succeeded', sku: 'HRJ-L', quantity: 1 },
  },
  {
    id: 'pixel-press/print',
    shop: 'pixel-press',
    path: '/prints/night-ferry',
    task: 'Buy the Night Ferry print',
    maxCost: usd('60'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'PP-NF-A3', quantity: 1 },
  },
  {
    id: 'tidy-goods/olive',
    shop: 'tidy-goods',
    path: '/products/market-tote',
    task: 'Buy the market tote in olive',
    maxCost: usd('80'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'TOTE-OLV', quantity: 1 },
  },
  {
    id: 'tidy-goods/no-profile',
    shop: 'tidy-goods',
    path: '/products/market-tote',
    task: 'Buy the market tote in natural',
    maxCost: usd('80'),
    buyer: 'none',
    questions: 'allowed',
    expected: { status: 'succeeded', sku: 'TOTE-NAT', quantity: 1 },
  },
  {
    id: 'north-paper/a4',
    shop: 'north-paper',
    path: '/notebooks/dot-grid-a5',
    task: 'Buy the A4 dot grid notebook',
    maxCost: usd('40'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'NB-A4', quantity: 1 },
  },
  {
    id: 'cedar-supply/rust',
    shop: 'cedar-supply',
    path: '/products/merino-beanie',
    task: 'Buy the merino beanie in rust',
    maxCost: usd('60'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'CS-BEANIE-RST', quantity: 1 },
  },
  {
    id: 'kiln-ceramics/sold-out',
    shop: 'kiln-ceramics',
    path: '/collections/vases/speckled-bud-vase',
    task: 'Buy the speckled bud vase',
    maxCost: usd('100'),
    buyer: 'none',
    questions: 'none',
    expected: { status: 'blocked', code: 'product.item_unavailable' },
  },
  {
    id: 'atlas-audio/over-budget',
    shop: 'atlas-audio',
    path: '/headphones/studio',
    task: 'Buy the Atlas studio headphones',
    maxCost: usd('100'),
    buyer: 'none',
    questions: 'none',
    expected: { status: 'blocked', code: 'policy.max_cost_exceeded' },
  },
  {
    id: 'highland-larder/uk-only',
    shop: 'highland-larder',
    path: '/larder/oatcakes',
    task: 'Buy the heather honey oatcakes',
    maxCost: usd('60'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'blocked', code: 'merchant.fulfillment_unavailable' },
  },
  {
    id: 'summit-gear/captcha',
    shop: 'summit-gear',
    path: '/gear/camp-stove',
    task: 'Buy the camp stove',
    maxCost: usd('100'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'blocked', code: 'merchant.human_verification_required' },
  },
  {
    id: 'market-hall/price-rise',
    shop: 'market-hall',
    path: '/item/copper-kettle',
    task: 'Buy the copper pour-over kettle',
    maxCost: usd('45'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'blocked', code: 'policy.max_cost_exceeded' },
  },
  {
    id: 'bolt-bikes/declined',
    shop: 'bolt-bikes',
    path: '/parts/brass-bell',
    task: 'Buy the brass bike bell',
    maxCost: usd('40'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'blocked', code: 'merchant.payment_declined' },
  },
  {
    id: 'gourmet-crate/over-after-shipping',
    shop: 'gourmet-crate',
    path: '/hampers/picnic',
    task: 'Buy the picnic hamper',
    maxCost: usd('100'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'blocked', code: 'policy.max_cost_exceeded' },
  },
  {
    id: 'quill-ink/medium-nib',
    shop: 'quill-ink',
    path: '/pens/heritage',
    task: 'Buy the Heritage fountain pen with a medium nib',
    maxCost: usd('90'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'QI-PEN-M', quantity: 1 },
  },
  {
    id: 'solstice-candles/two-large',
    shop: 'solstice-candles',
    path: '/candles/classic',
    task: 'Buy two large sea salt candles',
    maxCost: usd('90'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'SC-SEASALT-L', quantity: 2 },
  },
  {
    id: 'byte-bazaar/hub-from-category',
    shop: 'byte-bazaar',
    path: '/c/accessories',
    task: 'Buy the USB-C hub',
    maxCost: usd('60'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'BB-HUB7', quantity: 1 },
  },
  {
    id: 'maple-moss/ceramic-pot',
    shop: 'maple-moss',
    path: '/plants/fiddle-leaf-fig',
    task: 'Buy the fiddle leaf fig in the 17 cm ceramic pot',
    maxCost: usd('80'),
    buyer: 'profile',
    choices: { delivery_day: 'Thursday' },
    questions: 'allowed',
    expected: { status: 'succeeded', sku: 'MM-FIG-17', quantity: 1 },
  },
  {
    id: 'velo-teile/light-set',
    shop: 'velo-teile',
    path: '/artikel/lumos-licht-set',
    task: 'Buy the Lumos bike light set',
    maxCost: { amount: '60', currency: 'EUR' },
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'VT-LUMOS', quantity: 1 },
  },
  {
    id: 'paper-crane/three-cards',
    shop: 'paper-crane',
    path: '/cards/letterpress',
    task: 'Buy 3 letterpress greeting cards',
    maxCost: usd('40'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'PC-CARD-LP', quantity: 3 },
  },
  {
    id: 'dune-provisions/sold-out-text',
    shop: 'dune-provisions',
    path: '/goods/brass-lantern',
    task: 'Buy the brass storm lantern',
    maxCost: usd('100'),
    buyer: 'none',
    questions: 'none',
    expected: { status: 'blocked', code: 'product.item_unavailable' },
  },
  {
    id: 'dune-provisions/over-after-freight',
    shop: 'dune-provisions',
    path: '/goods/camp-kettle',
    task: 'Buy the enamel camp kettle',
    maxCost: usd('90'),
    buyer: 'profile',
    questions: 'none',
    expected: { status: 'blocked', code: 'policy.max_cost_exceeded' },
  },
  {
    id: 'juniper-knits/blue-scarf',
    shop: 'juniper-knits',
    path: '/scarves/harbor',
    task: 'Buy the Harbor scarf in blue, regular length',
    maxCost: usd('80'),
    buyer: 'profile',
    buyerRegion: 'US-CA',
    questions: 'none',
    expected: { status: 'succeeded', sku: 'JK-SCARF-BLU-REG', quantity: 1 },
  },
];
