import { Decimal } from '@paykit/kernel';
import { escapeHtml } from './escape-html.js';

export interface ChartSeries {
  readonly title: string;
  /** Per day of the range, in order: a decimal string or a count. */
  readonly values: readonly { readonly day: string; readonly value: string }[];
  readonly color: string;
  /** What a bar's tooltip says after the value (a currency, "exceptions"). */
  readonly unit: string;
}

const WIDTH = 720;
const HEIGHT = 180;
const MARGIN = { top: 24, right: 12, bottom: 28, left: 72 };

/** A round step for the axis: 1, 2 or 5 times a power of ten. */
const niceMaximum = (maximum: Decimal): Decimal => {
  if (maximum.lte(0)) return new Decimal(1);
  const power = new Decimal(10).pow(maximum.log(10).floor());
  const step = [1, 2, 5, 10].map((factor) => power.mul(factor)).find((candidate) => candidate.gte(maximum));
  return step ?? power.mul(10);
};

/**
 * A bar chart as inline SVG (no script, no external asset): one bar per day, the y axis from 0
 * to a round maximum. Heights are computed with exact decimals and only rounded to pixels.
 */
export const dailyBarChart = (series: ChartSeries): string => {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const maximum = niceMaximum(Decimal.max(0, ...series.values.map((point) => new Decimal(point.value))));
  const slot = plotWidth / Math.max(1, series.values.length);
  const barWidth = Math.max(1, slot * 0.8);
  const bars = series.values.map((point, index) => {
    const height = new Decimal(point.value).div(maximum).mul(plotHeight).toDecimalPlaces(1).toNumber();
    const x = (MARGIN.left + index * slot + (slot - barWidth) / 2).toFixed(1);
    const y = (MARGIN.top + plotHeight - height).toFixed(1);
    const label = `${point.day}: ${point.value} ${series.unit}`;
    return `<rect x="${x}" y="${y}" width="${barWidth.toFixed(1)}" height="${height.toFixed(1)}" fill="${series.color}" data-day="${escapeHtml(point.day)}" data-value="${escapeHtml(point.value)}"><title>${escapeHtml(label)}</title></rect>`;
  });
  const first = series.values[0]?.day ?? '';
  const last = series.values.at(-1)?.day ?? '';
  const axisY = MARGIN.top + plotHeight;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" aria-label="${escapeHtml(series.title)}">`,
    `<text x="${MARGIN.left}" y="16" class="chart-title">${escapeHtml(series.title)}</text>`,
    `<line x1="${MARGIN.left}" y1="${axisY}" x2="${WIDTH - MARGIN.right}" y2="${axisY}" stroke="#888"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${axisY}" stroke="#888"/>`,
    `<text x="${MARGIN.left - 6}" y="${MARGIN.top + 4}" text-anchor="end" class="axis">${escapeHtml(maximum.toFixed())}</text>`,
    `<text x="${MARGIN.left - 6}" y="${axisY}" text-anchor="end" class="axis">0</text>`,
    `<text x="${MARGIN.left}" y="${HEIGHT - 8}" class="axis">${escapeHtml(first)}</text>`,
    `<text x="${WIDTH - MARGIN.right}" y="${HEIGHT - 8}" text-anchor="end" class="axis">${escapeHtml(last)}</text>`,
    ...bars,
    '</svg>',
  ].join('\n');
};
