import { type TaskHints, sameSize } from '../../merchant-page/task-hints.js';
import type { OptionGroup, ProductOption } from '../page/option-groups.js';
import { normal } from '../page/words.js';

/** Colour words a task may ask for; a product option that is not there must not be replaced by another. */
const COLOURS = new Set(
  'black white red blue green yellow orange purple pink brown grey gray beige navy olive teal cream ivory gold silver bronze copper brass charcoal oat rust sage tan khaki maroon burgundy mint lavender coral turquoise natural chalk sand stone slate indigo mustard ochre plum'.split(
    ' ',
  ),
);
const SIZE_LABEL = /^(xxs|xs|s|m|l|xl|xxl|xxxl|\d{1,2}(\.5)?)$/i;
const STOP = new Set(
  'buy the and for with please order get purchase one from of me a an to my in size it some this that'.split(' '),
);

/** What the task says beyond the product's own name: where option values are asked for. */
export interface TaskWords {
  readonly text: string;
  readonly words: ReadonlySet<string>;
  /** The same words made singular, as options and tasks count differently ("2 litre" for "2 litres"). */
  readonly singulars: ReadonlySet<string>;
  readonly hints: TaskHints;
}

/** A word without its plural ending: "litres" and "litre", "inches" and "inch" compare alike; "glass" stays. */
export const singular = (word: string): string =>
  word.length <= 3 || !word.endsWith('s') || word.endsWith('ss')
    ? word
    : /(ch|sh|x|z)es$/.test(word)
      ? word.slice(0, -2)
      : word.slice(0, -1);

export const taskWords = (task: string, productName: string, hints: TaskHints): TaskWords => {
  const named = new Set(normal(productName).split(' '));
  const words = normal(task)
    .split(' ')
    .filter((word) => word && !named.has(word) && !STOP.has(word));
  return { text: ` ${words.join(' ')} `, words: new Set(words), singulars: new Set(words.map(singular)), hints };
};

export const isSizeGroup = (group: OptionGroup): boolean =>
  /\bsize\b/i.test(group.name) || group.options.every((option) => SIZE_LABEL.test(option.label.trim()));

export const isColourGroup = (group: OptionGroup): boolean =>
  /\b(colou?r|finish|shade|tone)\b/i.test(group.name) ||
  group.options.some((option) =>
    normal(option.label)
      .split(' ')
      .some((word) => COLOURS.has(word)),
  );

/**
 * How strongly the task asks for an option: its whole label in the task, the task's size for a
 * size, or some of its words. One- and two-letter labels ("M", "XL") count only as sizes, so a
 * stray letter in the task picks nothing.
 */
export const matchScore = (option: ProductOption, group: OptionGroup, task: TaskWords): number => {
  const label = normal(option.label);
  if (!label) return 0;
  const short = label.length <= 2 && !/\d/.test(label);
  if ((short || isSizeGroup(group)) && task.hints.size !== null && sameSize(task.hints.size, option.label)) return 100;
  if (short) return 0;
  if (task.text.includes(` ${label} `)) return 50 + label.length;
  const words = label.split(' ');
  if (words.every((word) => task.singulars.has(singular(word)))) return 50 + label.length;
  return (
    words.filter((word) => (word.length >= 3 || /\d/.test(word)) && task.singulars.has(singular(word))).length * 10
  );
};

/** The option the task asks for in this group: the single best-scoring one; null when it names none or is ambiguous. */
export const askedOption = (group: OptionGroup, task: TaskWords): ProductOption | null => {
  const scored = group.options.map((option) => ({ option, score: matchScore(option, group, task) }));
  const top = Math.max(0, ...scored.map(({ score }) => score));
  const best = scored.filter(({ score }) => score === top && top > 0);
  return best.length === 1 ? (best[0]?.option ?? null) : null;
};

/** Colour words of the task that no option of the product answers. */
export const unansweredColours = (groups: readonly OptionGroup[], task: TaskWords): string[] => {
  const offered = new Set(
    groups.flatMap((group) => group.options.flatMap((option) => normal(option.label).split(' '))),
  );
  return [...task.words].filter((word) => COLOURS.has(word) && !offered.has(word));
};

/** The option an answer names (by label, or as the same size). */
export const optionNamed = (group: OptionGroup, answer: string): ProductOption | undefined =>
  group.options.find((option) => normal(option.label) === normal(answer)) ??
  group.options.find((option) => sameSize(answer, option.label));
