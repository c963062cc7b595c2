import { chromium, type Browser, type Page } from 'playwright-core';
import { readTask } from '../../src/merchant-page/task-hints.js';
import { askedOption, taskWords, unansweredColours } from '../../src/browser/flow/option-matching.js';
import { type FieldMeaning, meaningOf } from '../../src/browser/page/field-meaning.js';
import { readFields } from '../../src/browser/page/fields.js';
import { readOptionGroups, type OptionGroup } from '../../src/browser/page/option-groups.js';
import { checkPastOverlays, dismissOverlays } from '../../src/browser/page/overlays.js';
import { countryOption, regionOption } from '../../src/browser/page/places.js';
import { readTotals } from '../../src/browser/page/totals.js';
import { CONTINUE, FINAL, NOT_CONTINUE } from '../../src/browser/page/vocabulary.js';
import { CHROMIUM_PATH, describeWithChromium } from './support/chromium.js';

const field = (overrides: Partial<Parameters<typeof meaningOf>[0]>) => ({
  type: 'text',
  autocomplete: '',
  label: '',
  placeholder: '',
  name: '',
  id: '',
  ...overrides,
});

describe('what a checkout field asks for, by its autocomplete token, label, placeholder, name and type', () => {
  it.each<[string, Partial<Parameters<typeof meaningOf>[0]>, FieldMeaning]>([
    ['a sectioned autocomplete token', { autocomplete: 'shipping given-name', name: 'first' }, 'givenName'],
    ['"Surname" with a cryptic name', { label: 'Surname', name: 'sname' }, 'familyName'],
    ['"E-mail" in a text field', { label: 'E-mail', name: 'f_2' }, 'email'],
    ['an "Email address" (not an address)', { label: 'Email address', name: 'contact_email' }, 'email'],
    ['a placeholder only', { placeholder: 'Street and number', name: 'n3' }, 'line1'],
    ['"Flat, suite, etc. (optional)"', { label: 'Flat, suite, etc. (optional)', name: 'street2' }, 'line2'],
    ['"Apt / Unit"', { label: 'Apt / Unit', name: 'f_4' }, 'line2'],
    ['"Town / City"', { label: 'Town / City', name: 'town' }, 'city'],
    ['"State / Province"', { label: 'State / Province', name: 'st' }, 'region'],
    ['"ZIP / Postal code"', { label: 'ZIP / Postal code', name: 'zip' }, 'postalCode'],
    ['"Phone (for delivery updates)" of type tel', { label: 'Phone (for delivery updates)', type: 'tel' }, 'phone'],
    ['"Your name" with autocomplete name', { label: 'Your name', name: 'who', autocomplete: 'name' }, 'fullName'],
    [
      'a payment token typed as a password',
      { label: 'Payment token', name: 'payment_token', type: 'password' },
      'paymentToken',
    ],
    ['"Agent / wallet payment token"', { label: 'Agent / wallet payment token', name: 'f_9' }, 'paymentToken'],
    ['a card number', { label: 'Card number', autocomplete: 'cc-number' }, 'card'],
    ['a password', { label: 'Password', type: 'password' }, 'password'],
    ['a coupon code', { label: 'Discount code', name: 'coupon' }, 'other'],
    ['German "Straße und Hausnummer"', { label: 'Straße und Hausnummer', name: 'strasse' }, 'line1'],
    ['German "E-Mail-Adresse"', { label: 'E-Mail-Adresse', name: 'email' }, 'email'],
    ['German "PLZ"', { label: 'PLZ', name: 'plz' }, 'postalCode'],
    ['German "Ort"', { label: 'Ort', name: 'ort' }, 'city'],
    ['French "Prénom"', { label: 'Prénom', name: 'prenom' }, 'givenName'],
    ['Spanish "Código postal"', { label: 'Código postal', name: 'cp' }, 'postalCode'],
  ])('reads %s', (_title, overrides, meaning) => {
    expect(meaningOf(field(overrides))).toBe(meaning);
  });
});

describe('places in selects', () => {
  const options = (labels: string[]) => labels.map((label, index) => ({ label, value: `v${index}` }));
  it('finds a country by code, name or alias, and says when the shop does not list it', () => {
    expect(countryOption(options(['Canada (CA)', 'United States (US)']), 'US')).toBe(1);
    expect(countryOption(options(['Ireland', 'United States of America']), 'US')).toBe(1);
    expect(countryOption([{ label: 'United States', value: 'US' }], 'us')).toBe(0);
    expect(countryOption(options(['United Kingdom']), 'US')).toBe(-1);
    expect(countryOption(options(['United States Minor Outlying Islands']), 'US')).toBe(-1);
    expect(countryOption(options(['Deutschland', 'Vereinigte Staaten (USA)']), 'US')).toBe(1);
    expect(countryOption(options(['Allemagne', 'États-Unis']), 'US')).toBe(1);
  });

  it('finds a US state by code or name, in either order', () => {
    expect(regionOption(options(['Arizona', 'California']), 'CA', 'US')).toBe(1);
    expect(regionOption(options(['AZ — Arizona', 'CA — California']), 'CA', 'US')).toBe(1);
    expect(regionOption(options(['AZ', 'CA']), 'CA', 'US')).toBe(1);
  });
});

describe('buttons by what they do', () => {
  it.each([
    'Place order',
    'Pay now',
    'Pay $49.94',
    'Complete purchase',
    'Confirm and pay',
    'Submit order',
    'Buy',
    'Order and pay',
    'Place order · $76.59',
    'Zahlungspflichtig bestellen',
    'Commander et payer',
    'Confirmar pedido',
  ])('"%s" commits the payment', (label) => {
    expect(FINAL.test(label)).toBe(true);
  });
  it.each([
    'Continue to payment',
    'Review order',
    'Next',
    'Continue to review',
    'Payment',
    'Buy it now',
    'Order summary',
    'Weiter zur Übersicht',
    'Zur Kasse',
  ])('"%s" does not', (label) => {
    expect(FINAL.test(label)).toBe(false);
  });
  it('moves on with "Continue" and "Next", never with "Continue shopping" or "Continue with PayPal"', () => {
    expect(
      ['Continue', 'Next', 'Continue to shipping'].every((label) => CONTINUE.test(label) && !NOT_CONTINUE.test(label)),
    ).toBe(true);
    expect(
      ['Continue shopping', 'Continue with PayPal', 'Back to cart'].every((label) => NOT_CONTINUE.test(label)),
    ).toBe(true);
  });
});

describe('options the task names', () => {
  const group = (name: string, labels: [string, boolean][]): OptionGroup => ({
    name,
    kind: 'radio',
    options: labels.map(([label, available]) => ({ label, available, selected: false, value: label, locator: null })),
  });
  const finishes = group('Finish', [
    ['Brushed brass', true],
    ['Matte black', true],
    ['Chalk white', false],
  ]);

  it('finds the option a task names by some of its words, or by the size it names, and none from a stray letter', () => {
    const task = (text: string) => taskWords(text, 'Arc Desk Lamp', readTask(text));
    expect(askedOption(finishes, task('Buy the Arc desk lamp in black'))?.label).toBe('Matte black');
    expect(askedOption(finishes, task('Buy the Arc desk lamp in white'))).toMatchObject({
      label: 'Chalk white',
      available: false,
    });
    expect(askedOption(finishes, task('Buy the Arc desk lamp'))).toBeNull();
    const sizes = group('Size', [
      ['S', true],
      ['M', true],
      ['L', true],
    ]);
    expect(askedOption(sizes, taskWords('Buy it in size M', 'Tee', readTask('Buy it in size M')))?.label).toBe('M');
    expect(askedOption(sizes, taskWords("Buy Sam's tee", 'Tee', readTask("Buy Sam's tee")))).toBeNull();
  });

  it('matches an option counted otherwise: "2 litre" is the "2 litres" one', () => {
    const cans = group('Size', [
      ['1 litre', true],
      ['2 litres', true],
      ['5 litres', false],
    ]);
    const text = 'Buy the copper watering can in the 2 litre size';
    expect(askedOption(cans, taskWords(text, 'Copper Watering Can', readTask(text)))?.label).toBe('2 litres');
    const glasses = group('Set', [
      ['2 glasses', true],
      ['6 glasses', true],
    ]);
    const six = 'Buy the tumbler set of 6 glass';
    expect(askedOption(glasses, taskWords(six, 'Tumbler', readTask(six)))?.label).toBe('6 glasses');
  });

  it('notices a colour asked for that the product does not offer', () => {
    const task = taskWords('Buy the Arc desk lamp in purple', 'Arc Desk Lamp', readTask(''));
    expect(unansweredColours([finishes], task)).toEqual(['purple']);
  });
});

describeWithChromium('reading static shop pages by meaning in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  /** Shows `html` as a page of http://shop.test (links resolve on its origin, as on a shop). */
  const show = async (html: string) => {
    await page.route('http://shop.test/**', (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
    );
    await page.goto('http://shop.test/p');
  };

  it('reads a total written on one line, in flex rows, or as "Amount to pay", preferring a grand total to a plain one', async () => {
    await page.setContent('<p>Items $64.00 · Shipping $7.95 · Tax $4.64 · Total $76.59</p>');
    expect((await readTotals(page, undefined)).total).toEqual({ amount: '76.59', currency: 'USD' });
    await page.setContent(
      '<div style="display:flex;gap:9px"><span>Grand total</span><span>$106.65</span></div><div style="display:flex"><span>Total savings</span><span>$5.00</span></div>',
    );
    expect((await readTotals(page, undefined)).total).toEqual({ amount: '106.65', currency: 'USD' });
    await page.setContent(
      '<table><tr><td>Tea</td><td>$29.00</td></tr><tr><td>Total</td><td>$31.00</td></tr><tr><td><b>Amount to pay</b></td><td>$36.34</td></tr></table>',
    );
    expect((await readTotals(page, undefined)).total).toEqual({ amount: '36.34', currency: 'USD' });
  });

  it("labels fields by a <label> without the options inside it, by the text beside them, and by a select's first option", async () => {
    await page.setContent(`<label>State <select name="s"><option value="">—</option><option>CA</option></select></label>
      <div><span>Postcode*</span><input name="f7"></div><select name="k"><option value="">Country</option><option>United States</option></select>`);
    const fields = await readFields(page);
    expect(fields.map(({ label, required }) => ({ label, required }))).toEqual([
      { label: 'State', required: false },
      { label: 'Postcode*', required: true },
      { label: 'Country', required: false },
    ]);
    expect(fields.map(meaningOf)).toEqual(['region', 'postalCode', 'country']);
  });

  it("reads option groups from selects, radios, swatches and links to the other variants' pages, with what is sold out", async () => {
    await show(`<form><label for="sz">Size</label><select id="sz"><option value="">Pick your size</option><option value="1">S</option><option value="2" disabled>XL — sold out</option></select>
      <fieldset><legend>Finish</legend><label><input type="radio" name="f" checked> Brass</label><label><input type="radio" name="f" disabled> Chalk white (sold out)</label></fieldset>
      <div role="radiogroup" aria-label="Colour"><button type="button" role="radio" aria-checked="true" aria-label="Olive" style="width:20px;height:20px"></button><button type="button" role="radio" aria-checked="false" aria-label="Navy" aria-disabled="true" style="width:20px;height:20px"></button></div></form>
      <p>Format: <strong>A5</strong> · <a href="/a4">A4</a></p>`);
    const groups = await readOptionGroups(page);
    expect(
      groups.map((group) => ({
        name: group.name,
        kind: group.kind,
        options: group.options.map(({ label, available, selected }) => [label, available, selected]),
      })),
    ).toEqual([
      {
        name: 'Size',
        kind: 'select',
        options: [
          ['S', true, false],
          ['XL', false, false],
        ],
      },
      {
        name: 'Finish',
        kind: 'radio',
        options: [
          ['Brass', true, true],
          ['Chalk white', false, false],
        ],
      },
      {
        name: 'Colour',
        kind: 'swatch',
        options: [
          ['Olive', true, true],
          ['Navy', false, false],
        ],
      },
      {
        name: 'Format',
        kind: 'link',
        options: [
          ['A5', true, true],
          ['A4', true, false],
        ],
      },
    ]);
  });

  it('dismisses a cookie banner by declining where it can, and leaves a cart drawer alone', async () => {
    await page.setContent(`<div id="cc" style="position:fixed;bottom:0;left:0;right:0;height:120px;background:#333;color:#fff">We use cookies.
      <button onclick="this.parentElement.remove()">Reject all</button><button onclick="document.body.dataset.accepted='yes';this.parentElement.remove()">Accept all</button></div>
      <aside role="dialog" aria-label="Your cart" style="position:fixed;top:0;right:0;width:200px;height:200px">Your cart <a href="/checkout">Checkout</a></aside>`);
    expect(await dismissOverlays(page)).toBe(1);
    expect(await page.locator('#cc').count()).toBe(0);
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { body: { dataset: Record<string, string> } } }).document.body.dataset
            .accepted,
      ),
    ).toBeUndefined();
    expect(await page.getByRole('dialog', { name: 'Your cart' }).isVisible()).toBe(true);
  });

  /** A newsletter pop-up as shops add it, some time after the page loaded: over everything, with its own email box. */
  const NEWSLETTER = `<div id="nl" style="position:fixed;inset:0;background:rgba(0,0,0,.55);z-index:9"><div role="dialog" style="background:#fff;width:380px;margin:80px auto;padding:30px">
    <button aria-label="Close" onclick="document.getElementById('nl').remove()">×</button><h3>Get 10% off your first order</h3>
    <p>Join the list for new colours.</p><input type="email" placeholder="you@example.com"> <button>Subscribe</button></div></div>`;

  it("does not take the email box of a pop-up that came up over the checkout form for one of the form's fields", async () => {
    await page.setContent(`<form><label for="n">Full name</label><input id="n" required><label for="e">Email</label><input id="e" type="email" required>
      <button>Pay $49.94</button></form>${NEWSLETTER}`);
    expect((await readFields(page)).map(({ label }) => label)).toEqual(['Full name', 'Email']);
    // A checkout shown in a dialog is no pop-up, though it has a discount line: it holds the button that places the order.
    await page.setContent(`<div role="dialog" aria-modal="true" style="position:fixed;inset:0;background:#fff"><form><label for="n">Full name</label><input id="n">
      <label for="d">Discount code</label><input id="d"><button>Pay $49.94</button></form></div>`);
    expect((await readFields(page)).map(({ label }) => label)).toEqual(['Full name', 'Discount code']);
    expect(await dismissOverlays(page)).toBe(0);
  });

  it('ticks a payment choice that a pop-up came up over by closing the pop-up, not by clicking into it', async () => {
    await page.setContent(`<form><label><input type="radio" name="m" value="card" checked> Credit card</label>
      <label><input type="radio" name="m" value="token"> Payment token</label></form>${NEWSLETTER}`);
    await checkPastOverlays(page, page.getByLabel('Payment token'));
    expect(await page.getByLabel('Payment token').isChecked()).toBe(true);
    expect(await page.locator('#nl').count()).toBe(0);
  });
});
