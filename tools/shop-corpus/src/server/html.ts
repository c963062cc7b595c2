const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export const esc = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** A JSON-LD script block. */
export const jsonLd = (data: unknown): string =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** "1234" cents as "12.34". */
export const decimal = (cents: number): string => (cents / 100).toFixed(2);

/** Cents as the shop's shoppers read dollars: "$1,234.50". */
export const dollars = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Tax on an amount in cents at a rate in basis points, rounded half up. */
export const taxOn = (cents: number, basisPoints: number): number => Math.round((cents * basisPoints) / 10_000);
