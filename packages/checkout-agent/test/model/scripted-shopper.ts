import type { ChatRequest, FakeReply } from './fake-chat-api.js';
import { toolCall } from './fake-chat-api.js';

/** The page summary the run sent last (in the last user or tool message). */
const lastSummary = (request: ChatRequest): string => request.body.messages.at(-1)?.content ?? '';

/** The [ref] of the first summarised element whose line matches. */
const ref = (summary: string, pattern: RegExp): string => {
  const line = summary.split('\n').find((candidate) => /^\[\d+\]/.test(candidate) && pattern.test(candidate));
  const found = line ? /^\[(\d+)\]/.exec(line)?.[1] : undefined;
  if (!found) throw new Error(`the scripted shopper found no element matching ${pattern} in:\n${summary}`);
  return found;
};

const BUYER_FIELDS: readonly [string, string][] = [
  ['name', 'Sam Shopper'],
  ['email', 'sam@example.com'],
  ['address1', '1 Market St'],
  ['city', 'San Francisco'],
  ['state', 'CA'],
  ['postal_code', '94105'],
];

/**
 * What a capable model would answer on the demo merchant's pages, decided from the page
 * summary alone: add to cart, check out, fill the form, continue, pay the amount due, done.
 */
export const scriptedShopper = (request: ChatRequest): FakeReply => {
  const summary = lastSummary(request);
  const url = /^URL: (.*)$/m.exec(summary)?.[1] ?? '';
  const path = new URL(url).pathname;
  if (path.startsWith('/orders/')) {
    return toolCall('done', { summary: 'Bought a ceramic mug.', orderNumber: /\bDM-\d+\b/.exec(summary)?.[0] ?? '' });
  }
  if (path === '/checkout/payment') {
    const due = /Amount due: \$([\d,]+\.\d{2})/.exec(summary)?.[1] ?? '0';
    return toolCall('pay', {
      amount: due.replace(/,/g, ''),
      currency: 'USD',
      submit: ref(summary, /button[^\n]*"Pay \$/),
    });
  }
  if (path === '/checkout/review') return toolCall('click', { ref: ref(summary, /continue to payment/i) });
  if (path === '/checkout') {
    const empty = BUYER_FIELDS.find(([name]) =>
      new RegExp(`name=${name} "[^"]*"$`).test(
        summary.split('\n').find((line) => line.includes(`name=${name} `)) ?? '',
      ),
    );
    if (empty) return toolCall('fill', { ref: ref(summary, new RegExp(`name=${empty[0]} `)), value: empty[1] });
    if (summary.includes('Select a country (selected)'))
      return toolCall('select', { ref: ref(summary, /name=country /), value: 'US' });
    return toolCall('click', { ref: ref(summary, /continue to review/i) });
  }
  if (path === '/cart') return toolCall('click', { ref: ref(summary, /proceed to checkout/i) });
  return toolCall('click', { ref: ref(summary, /add to cart/i) });
};
