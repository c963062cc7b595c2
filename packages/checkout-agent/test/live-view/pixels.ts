import type { Page } from 'playwright-core';

export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

export interface ImageColours {
  /** Mean colour of the top `bandFraction` of the image's rows. */
  readonly topBand: Rgb;
  /** Share of pixels that are neither near-black nor near-white: 0 for a blank frame. */
  readonly inked: number;
}

/** Runs in the page (as source text: this package compiles without the DOM's types). */
const MEASURE = `async ({ base64, band }) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + base64;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  const bandRows = Math.max(1, Math.floor(height * band));
  const sum = { r: 0, g: 0, b: 0 };
  let inked = 0;
  for (let index = 0; index < width * height; index++) {
    const r = data[index * 4], g = data[index * 4 + 1], b = data[index * 4 + 2];
    if (index < width * bandRows) { sum.r += r; sum.g += g; sum.b += b; }
    const brightness = (r + g + b) / 3;
    if (brightness > 24 && brightness < 232) inked++;
  }
  const count = width * bandRows;
  return { topBand: { r: sum.r / count, g: sum.g / count, b: sum.b / count }, inked: inked / (width * height) };
}`;

/** Decodes a PNG in a browser page (no image library needed) and measures its colours. */
export const measurePng = (page: Page, png: Buffer, bandFraction = 0.012): Promise<ImageColours> =>
  page.evaluate(
    `(${MEASURE})(${JSON.stringify({ base64: png.toString('base64'), band: bandFraction })})`,
  ) as Promise<ImageColours>;

export const distance = (a: Rgb, b: Rgb): number =>
  Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));
