/**
 * What a run's task text says about the purchase, read without a model: a size, a quantity,
 * a delivery preference, and the words that may name the product.
 */
export interface TaskHints {
  /** The size as written (`L`, `large`, `XL`), or null when the task names none. */
  readonly size: string | null;
  readonly quantity: number;
  /** `fastest` when the task asks for express delivery; the cheapest option otherwise. */
  readonly delivery: 'cheapest' | 'fastest';
  readonly words: readonly string[];
}

const SIZE_WORDS: Readonly<Record<string, string>> = {
  'extra small': 'XS',
  'x-small': 'XS',
  small: 'S',
  medium: 'M',
  large: 'L',
  'extra large': 'XL',
  'x-large': 'XL',
};

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const STOP_WORDS = new Set([
  'buy',
  'the',
  'and',
  'for',
  'with',
  'size',
  'please',
  'order',
  'get',
  'purchase',
  'one',
  'from',
  'in',
  'of',
  'me',
  'a',
  'an',
  'to',
  'my',
]);

const readSize = (task: string): string | null => {
  const named = /\bsize\s*[:=]?\s*(extra[\s-]small|extra[\s-]large|x-small|x-large|[a-z0-9]{1,4})\b/i.exec(task);
  if (named?.[1]) return named[1];
  const word = /\b(extra[\s-]small|extra[\s-]large|x-small|x-large|small|medium|large)\b/i.exec(task);
  if (word?.[1]) return word[1];
  const inLetters = /\bin\s+(XXS|XS|S|M|L|XL|XXL|XXXL)\b/.exec(task);
  return inLetters?.[1] ?? null;
};

const readQuantity = (task: string): number => {
  const patterns = [
    /\b(?:qty|quantity)\s*(?:of\s*)?[:=]?\s*(\d{1,2})\b/i,
    /\b(\d{1,2})\s*(?:x|×)\s/i,
    /\b(?:buy|order|get|purchase)\s+(\d{1,2})\b/i,
    /\b(?:buy|order|get|purchase)\s+(one|two|three|four|five|six|seven|eight|nine|ten)\b/i,
  ];
  for (const pattern of patterns) {
    const found = pattern.exec(task)?.[1];
    if (!found) continue;
    const quantity = NUMBER_WORDS[found.toLowerCase()] ?? Number(found);
    if (quantity >= 1 && quantity <= 99) return quantity;
  }
  return 1;
};

export const readTask = (task: string | undefined): TaskHints => {
  const text = task ?? '';
  return {
    size: readSize(text),
    quantity: readQuantity(text),
    delivery: /\b(express|fastest|quickest|overnight|next[\s-]day|expedited|priority)\b/i.test(text)
      ? 'fastest'
      : 'cheapest',
    words: wordsOf(text).filter((word) => !STOP_WORDS.has(word)),
  };
};

/** Lowercase words of three letters or more, singular (`mugs` -> `mug`), for matching product names. */
export const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).map((word) =>
    word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
  );

/** Whether a size as the task wrote it denotes a size label of the merchant (`large` is `L`). */
export const sameSize = (asked: string, label: string): boolean => {
  const normal = (value: string) => {
    const lower = value.trim().toLowerCase().replace(/\s+/g, ' ');
    return (SIZE_WORDS[lower] ?? SIZE_WORDS[lower.replace('-', ' ')] ?? value.trim()).toUpperCase();
  };
  return normal(asked) === normal(label);
};
