import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomIds } from '@paykit/kernel';
import { MemoryBlobStore } from '@paykit/providers';
import { type HostedFields, hostedCardFields, startHostedFields } from '@paykit/shop-corpus';
import * as E from 'fp-ts/lib/Either.js';
import type { Browser, Page } from 'playwright-core';
import { isCardForm, readCardFields } from '../../src/browser/card/card-fields.js';
import { typeCard } from '../../src/browser/card/type-card.js';
import { StepScreenshots } from '../../src/browser/screenshots.js';
import { PageScreencast } from '../../src/live-view/page-screencast.js';
import type { VirtualCard } from '../../src/strategy/strategy-port.js';
import { describeWithChromium, launchChromium } from '../live-view/chromium.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Two cards that differ in every detail a picture could show. */
const CARD_A: VirtualCard = {
  number: '4000009911112222',
  expMonth: 3,
  expYear: 2029,
  cvc: '123',
  cardholderName: 'Alice Shopper',
  brand: 'visa',
  last4: '2222',
};
const CARD_B: VirtualCard = {
  ...CARD_A,
  number: '4000009987654321',
  expMonth: 11,
  expYear: 2031,
  cvc: '987',
  cardholderName: 'Bob Buyer',
  last4: '4321',
};

/** A card form with fields in the page (name, card type, expiry selects) and number, expiry and CVC in hosted frames. */
const formPage = (hosted: HostedFields) => `<!doctype html><html><body style="font:16px sans-serif">
<form id="pay" method="post" action="/pay">
<label for="holder">Name on card</label> <input id="holder" autocomplete="cc-name"><br>
<label for="type">Card type</label> <select id="type" autocomplete="cc-type"><option value="">Select</option><option value="visa">Visa</option><option value="mc">Mastercard</option></select><br>
<label for="m">Expiry month</label> <select id="m" name="exp_month"><option value="">MM</option>${Array.from({ length: 12 }, (_, i) => `<option>${String(i + 1).padStart(2, '0')}</option>`).join('')}</select>
<label for="y">Expiry year</label> <select id="y" name="exp_year"><option value="">YY</option>${Array.from({ length: 10 }, (_, i) => `<option>${2026 + i}</option>`).join('')}</select>
${hostedCardFields(hosted, 'pay')}
<button type="submit">Pay</button></form></body></html>`;

let browser: Browser;
let hosted: HostedFields;
let server: ReturnType<typeof createServer>;
let url: string;

beforeAll(async () => {
  hosted = await startHostedFields();
  server = createServer((_, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(formPage(hosted)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await hosted?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** A frame stays the newest this long: the page has finished drawing (the step screenshot's mask boxes are gone). */
const FRAME_QUIET_MS = 500;

/**
 * The screencast frame of the page once it has stopped changing (what a live-view viewer
 * sees): the first frame may still be drawing what came just before, under load.
 */
const screencastFrame = async (page: Page): Promise<Buffer> => {
  const cast = new PageScreencast(page, { quality: 90, maxWidth: 800, maxHeight: 600 }, quiet);
  const frame = await new Promise<Buffer>((resolve) => {
    let quietTimer: NodeJS.Timeout | undefined;
    cast.add({
      frame: (jpeg) => {
        clearTimeout(quietTimer);
        quietTimer = setTimeout(() => resolve(jpeg), FRAME_QUIET_MS);
      },
    });
  });
  await cast.close();
  return frame;
};

/** How far a pixel's channel may be off between two encodings of the same picture (JPEG is lossy, its encoder not bit-stable). */
const JPEG_NOISE = 48;

/** Counts, in the page, the pixels of two JPEGs that differ by more than `noise` in a channel. */
const PIXELS_APART = `async ({ a, b, noise }) => {
  const pixels = async (base64) => {
    const image = await createImageBitmap(await (await fetch('data:image/jpeg;base64,' + base64)).blob());
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height).data;
  };
  const [left, right] = [await pixels(a), await pixels(b)];
  if (left.length !== right.length) return Infinity;
  let apart = 0;
  for (let at = 0; at < left.length; at += 4)
    if ([0, 1, 2].some((channel) => Math.abs(left[at + channel] - right[at + channel]) > noise)) apart += 1;
  return apart;
}`;

/** How many pixels of two live-view frames differ by more than JPEG's noise: a typed letter drawn shows as dozens. */
const pixelsApart = async (a: Buffer, b: Buffer): Promise<number> => {
  const page = await browser.newPage();
  try {
    const args = { a: a.toString('base64'), b: b.toString('base64'), noise: JPEG_NOISE };
    return (await page.evaluate(`(${PIXELS_APART})(${JSON.stringify(args)})`)) as number;
  } finally {
    await page.close();
  }
};

const openForm = async (): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(url, { waitUntil: 'load' });
  return page;
};

/** The card typed as the runner types it; what went into the fields, a step screenshot and a live-view frame. */
const typedAndPictured = async (card: VirtualCard) => {
  const page = await openForm();
  const fields = await readCardFields(page);
  expect(isCardForm(fields)).toBe(true);
  expect(await typeCard(fields, card)).toEqual([]);
  const values = await Promise.all(fields.map(({ field }) => field.locator.inputValue()));
  const blobs = new MemoryBlobStore();
  const key = await new StepScreenshots(blobs, 'run-1', randomIds, quiet).capture(page);
  const stored = await blobs.get(key ?? '');
  const screenshot = E.isRight(stored) && stored.right ? Buffer.from(stored.right.bytes) : Buffer.alloc(0);
  const frame = await screencastFrame(page);
  await page.close();
  return { values, screenshot, frame };
};

describeWithChromium('card fields are masked in every picture, inside frames too', () => {
  it('draws the same step screenshot and live-view frame whatever card was typed, in the page and in hosted frames', async () => {
    const a = await typedAndPictured(CARD_A);
    const b = await typedAndPictured(CARD_B);
    // The card really went in: the page and the processor's frames hold it.
    expect(a.values).toEqual(
      expect.arrayContaining(['Alice Shopper', 'visa', '03', '2029', CARD_A.number, '03 / 29', '123']),
    );
    expect(b.values).toEqual(expect.arrayContaining([CARD_B.number, '11 / 31', '987']));
    expect(a.screenshot.length).toBeGreaterThan(0);
    expect(a.screenshot.equals(b.screenshot)).toBe(true);
    expect(await pixelsApart(a.frame, b.frame)).toBe(0);
  }, 60_000);

  it('would show the difference if the fields were not masked (the comparison can fail)', async () => {
    const unmasked = async (card: VirtualCard) => {
      const page = await openForm();
      await page.locator('#holder').fill(card.cardholderName);
      const frame = await screencastFrame(page);
      await page.close();
      return frame;
    };
    expect(await pixelsApart(await unmasked(CARD_A), await unmasked(CARD_B))).toBeGreaterThan(20);
  }, 60_000);
});
