import type { Money } from '@paykit/kernel';
import type { Page } from 'playwright-core';
import { collapse, textAt } from './controls.js';
import { parseMoneyText } from './money-text.js';

export interface OrderTotals {
  readonly items: Money | null;
  readonly shipping: Money | null;
  readonly tax: Money | null;
  readonly total: Money | null;
}

type Line = keyof OrderTotals;

const BY_ID: Readonly<Record<Line, readonly string[]>> = {
  items: ['[data-testid=subtotal]', '#subtotal'],
  shipping: ['[data-testid=shipping]', '#shipping', '#shipping-total'],
  tax: ['[data-testid=tax]', '#tax', '#tax-total'],
  total: ['[data-testid=total]', '#total', '[data-testid=order-total]', '#order-total', '#grand-total', '.grand-total'],
};

const LABELS: Readonly<Record<Line, RegExp>> = {
  items: /^(sub ?-?total|items?( total| subtotal)?|merchandise( total)?|cart subtotal|zwischensumme|sous-total)\b/i,
  shipping: /^(shipping|delivery|postage|versand|livraison|env[ií]o)\b/i,
  tax: /^(estimated |sales )?(tax|taxes|vat|gst)\b/i,
  total:
    /^((order|grand|estimated|final) )?total( (due|to pay|charged|payable|amount))?( \(.*\))?( [A-Z]{3})?$|^amount (due|to pay|payable)$|^(balance|total) due$|^you pay$|^(gesamtsumme|gesamtbetrag|endsumme|gesamtpreis)( \(.*\))?$|^(montant total|total ttc|total [àa] payer)$|^(importe total|total a pagar)$/i,
};

/** The labels that name the sum charged outright rank above a plain "Total". */
const STRONG_TOTAL =
  /\b(grand|order|final|due|to pay|payable|you pay|gesamtsumme|gesamtbetrag|endsumme|ttc|[àa] payer|a pagar)\b/i;

/** An amount at the end of a line: "$18.86", "USD 43.00", "12,00 €", "£7". */
const TRAILING_AMOUNT =
  /((?:[A-Z]{3}\s?)?\p{Sc}\s?\d[\d.,\s]*\d|(?:[A-Z]{3}\s?)?\p{Sc}\s?\d|\d[\d.,\s]*\d?\s?\p{Sc}|[A-Z]{3}\s?\d[\d.,]*\d)\s*$/u;

interface Labelled {
  readonly label: string;
  readonly value: string;
}

/** Label/value pairs of the page's tables and description lists: "Total" -> "$18.86". */
const tablePairs = async (page: Page): Promise<Labelled[]> => {
  const rows = await page
    .locator('tr')
    .evaluateAll((elements) =>
      elements.map((element) =>
        [
          ...(
            element as unknown as { querySelectorAll(selector: string): Iterable<{ innerText: string }> }
          ).querySelectorAll('th, td'),
        ].map((cell) => cell.innerText),
      ),
    );
  const terms = await page.locator('dt').evaluateAll((elements) =>
    elements.map((element) => {
      const term = element as unknown as { innerText: string; nextElementSibling: { innerText: string } | null };
      return [term.innerText, term.nextElementSibling?.innerText ?? ''];
    }),
  );
  return [...rows, ...terms]
    .map((cells) => cells.map(collapse).filter(Boolean))
    .filter((cells) => cells.length >= 2)
    .map((cells) => ({ label: cells[0] ?? '', value: cells[cells.length - 1] ?? '' }));
};

/**
 * Label/amount pairs as the page's text reads line by line: "Total $54.23" on one line, or
 * "Grand total" with the amount on the next (flex rows, stacked cards).
 */
const textPairs = async (page: Page): Promise<Labelled[]> => {
  // A summary written on one line ("Items $64.00 · Shipping $7.95 · Total $76.59") is read as separate lines.
  const lines = (
    await page
      .locator('body')
      .innerText()
      .catch(() => '')
  )
    .split(/\n|\s[·•|]\s/)
    .map(collapse)
    .filter(Boolean);
  const pairs: Labelled[] = [];
  lines.forEach((line, index) => {
    const amount = TRAILING_AMOUNT.exec(line);
    const label = amount ? collapse(line.slice(0, amount.index).replace(/[:\-–—]\s*$/, '')) : '';
    if (amount && label) pairs.push({ label, value: amount[1] ?? '' });
    const next = lines[index + 1];
    if (!amount && next && line.length <= 40 && TRAILING_AMOUNT.exec(next)?.index === 0)
      pairs.push({ label: line.replace(/:$/, ''), value: next });
  });
  return pairs;
};

/**
 * The order's items subtotal, shipping, tax and total as the page states them: from elements
 * named for them (`#total`, `data-testid="tax"`), else from table rows and description lists
 * labelled so, else from the page's lines of text. Among totals, "Grand total", "Order total"
 * and "Amount due" outrank a plain "Total". Amounts without a currency sign take `currency`.
 */
export const readTotals = async (page: Page, currency: string | undefined): Promise<OrderTotals> => {
  const pairs = [...(await tablePairs(page)), ...(await textPairs(page))];
  const read = async (line: Line): Promise<Money | null> => {
    const named = await textAt(page, BY_ID[line]);
    const labelled = pairs.filter((pair) => LABELS[line].test(pair.label));
    const best =
      line === 'total' ? (labelled.find((pair) => STRONG_TOTAL.test(pair.label)) ?? labelled[0]) : labelled[0];
    // An element named for the line may hold its label and notes too ("Total (incl. tax $0.00) $29.00"): its amount is the last.
    const text = (named && (TRAILING_AMOUNT.exec(collapse(named))?.[1] ?? named)) ?? best?.value ?? null;
    return text ? parseMoneyText(text, currency) : null;
  };
  return {
    items: await read('items'),
    shipping: await read('shipping'),
    tax: await read('tax'),
    total: await read('total'),
  };
};
