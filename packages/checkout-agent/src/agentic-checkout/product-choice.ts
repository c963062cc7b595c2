import type { InputAnswerView, StrategyContext, StrategyOutcome } from '../strategy/strategy-port.js';
import { sameOriginLinks } from '../merchant-page/page-links.js';
import { type PageProduct, type ProductVariant, productsOnPage } from '../merchant-page/structured-data.js';
import { type TaskHints, sameSize, wordsOf } from '../merchant-page/task-hints.js';

/** Pages followed from a start page that describes no product, looking for the one the task names. */
const MAX_PAGES_FOLLOWED = 12;

export interface MerchantPage {
  readonly url: string;
  readonly html: string;
}

const score = (product: PageProduct, hints: TaskHints): number => {
  const wanted = new Set(hints.words);
  return wordsOf(product.name).filter((word) => wanted.has(word)).length;
};

const best = (products: readonly PageProduct[], hints: TaskHints): PageProduct | null =>
  products.reduce<{ product: PageProduct | null; score: number }>(
    (top, product) => (score(product, hints) > top.score ? { product, score: score(product, hints) } : top),
    { product: null, score: 0 },
  ).product;

/**
 * The product to buy: the one the start page describes (the best match for the task when it
 * describes several), else the page's same-origin link whose product best matches the task.
 */
export const findProduct = async (
  context: StrategyContext,
  page: MerchantPage,
  hints: TaskHints,
): Promise<PageProduct | null> => {
  const onPage = productsOnPage(page.html);
  if (onPage.length === 1) return onPage[0] ?? null;
  if (onPage.length > 1) return best(onPage, hints) ?? onPage[0] ?? null;
  if (hints.words.length === 0) return null;
  const found: PageProduct[] = [];
  for (const link of sameOriginLinks(page.html, page.url).slice(0, MAX_PAGES_FOLLOWED)) {
    await context.step('Open a linked page to look for the product', link);
    const response = await context.http.request(link, { signal: context.signal });
    if (response.status === 200) found.push(...productsOnPage(response.text));
  }
  return best(found, hints);
};

const sizeLabel = (variant: ProductVariant): string => variant.size ?? variant.sku;

const blocked = (
  code: 'product.item_unavailable' | 'product.requested_option_unavailable' | 'merchant.no_safe_path',
  summary: string,
): StrategyOutcome => ({
  kind: 'blocked',
  code,
  summary,
});

/** The size named in an answer: `{ size: 'L' }`, `'L'`, or an alternative's text. */
const answeredSize = (answer: InputAnswerView): string | null => {
  if (answer.action === 'alternative') return answer.text?.trim() || null;
  if (answer.action !== 'submit') return null;
  const value = answer.value;
  if (typeof value === 'string') return value;
  const size = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).size : undefined;
  return typeof size === 'string' ? size : null;
};

/** The question for a size, listing only the sizes that can be bought. */
export const sizeQuestion = (productName: string, sizes: readonly string[]) => ({
  question: `Which size of ${productName} would you like? Available: ${sizes.join(', ')}.`,
  interaction: {
    kind: 'form' as const,
    schema: {
      type: 'object',
      properties: { size: { type: 'string', title: 'Size', enum: [...sizes] } },
      required: ['size'],
    },
  },
});

/**
 * Puts a choice among `labels` to the user (when the task did not make it) and returns the
 * label chosen, or the outcome when nothing can be chosen.
 */
export const chooseSize = async (
  context: StrategyContext,
  productName: string,
  options: readonly { readonly label: string; readonly available: boolean }[],
  hints: TaskHints,
): Promise<string | StrategyOutcome> => {
  const labels = options.map((option) => option.label);
  if (hints.size !== null) {
    const named = labels.find((label) => sameSize(hints.size ?? '', label));
    return (
      named ??
      blocked(
        'product.requested_option_unavailable',
        `${productName} does not come in size ${hints.size} (sizes: ${labels.join(', ')}); nothing was bought.`,
      )
    );
  }
  const available = options.filter((option) => option.available).map((option) => option.label);
  if (available.length === 0)
    return blocked('product.item_unavailable', `${productName} is sold out in every size; nothing was bought.`);
  const { question, interaction } = sizeQuestion(productName, available);
  const answer = await context.ask(question, interaction);
  if (answer.action === 'decline')
    return blocked('merchant.no_safe_path', `No size of ${productName} was chosen; nothing was bought.`);
  const size = answeredSize(answer);
  const chosen = size === null ? undefined : labels.find((label) => sameSize(size, label));
  if (!chosen || !available.includes(chosen)) {
    return blocked(
      'product.requested_option_unavailable',
      `${productName} is not available in size ${size ?? '(none given)'}; nothing was bought.`,
    );
  }
  return chosen;
};

/**
 * The variant to buy: the only one, the one the page URL names (`?sku=`, as variant offers
 * link to), or the size the task names or the user chooses.
 */
export const chooseVariant = async (
  context: StrategyContext,
  product: PageProduct,
  hints: TaskHints,
  pageUrl: string,
): Promise<ProductVariant | StrategyOutcome> => {
  const [only] = product.variants;
  if (!product.hasVariants && only) return only;
  const linked = new URL(pageUrl).searchParams.get('sku');
  const preselected = product.variants.find((variant) => variant.sku === linked);
  if (preselected && hints.size === null) return preselected;
  const options = product.variants.map((variant) => ({
    label: sizeLabel(variant),
    available: variant.inStock !== false,
  }));
  const chosen = await chooseSize(context, product.name, options, hints);
  if (typeof chosen !== 'string') return chosen;
  return (
    product.variants.find((variant) => sizeLabel(variant) === chosen) ??
    blocked('product.requested_option_unavailable', `${product.name} has no size ${chosen}.`)
  );
};

/**
 * The merchant needs an item made precise and says so only in words (messages carry no
 * structured choices in any version): the user reads its words and answers. The answer is
 * matched to the page's variants by size or SKU; otherwise it is taken as the item id itself.
 */
export const chooseItem = async (
  context: StrategyContext,
  productName: string,
  merchantWords: string,
  variants: readonly ProductVariant[],
  hints: TaskHints,
): Promise<string | StrategyOutcome> => {
  const named =
    hints.size === null
      ? undefined
      : variants.find((variant) => variant.size && sameSize(hints.size ?? '', variant.size));
  if (named) return named.sku;
  const answer = await context.ask(
    `The merchant needs a choice for ${productName}: "${merchantWords}" What should I choose?`,
    {
      kind: 'form',
      schema: {
        type: 'object',
        properties: { choice: { type: 'string', title: 'Your choice', minLength: 1 } },
        required: ['choice'],
      },
    },
  );
  if (answer.action === 'decline')
    return blocked('merchant.no_safe_path', `No choice was made for ${productName}; nothing was bought.`);
  const value =
    answer.action === 'submit' && typeof answer.value === 'object' && answer.value !== null
      ? (answer.value as Record<string, unknown>).choice
      : undefined;
  const choice = (
    typeof value === 'string' ? value : typeof answer.value === 'string' ? answer.value : (answer.text ?? '')
  ).trim();
  if (choice === '')
    return blocked('merchant.no_safe_path', `No choice was made for ${productName}; nothing was bought.`);
  return (
    variants.find((variant) => variant.sku === choice || (variant.size !== null && sameSize(choice, variant.size)))
      ?.sku ?? choice
  );
};
