import type { CheckoutStrategy, PreparedCheckout, StrategyContext, StrategyOutcome } from './strategy-port.js';

export interface SelectedCheckout {
  readonly strategy: string;
  readonly checkout: PreparedCheckout;
}

/** The first strategy, in the order given, that recognises the run's merchant. */
export const selectCheckout = async (
  strategies: readonly CheckoutStrategy[],
  context: StrategyContext,
): Promise<SelectedCheckout | null> => {
  for (const strategy of strategies) {
    const checkout = await strategy.recognise(context);
    if (checkout) return { strategy: strategy.name, checkout };
  }
  return null;
};

/** What a run ends with when no strategy knows how to check out at its merchant. */
export const noStrategyOutcome = (startUrl: string): StrategyOutcome => ({
  kind: 'blocked',
  code: 'merchant.no_safe_path',
  summary: `No supported way to check out was found at ${originOf(startUrl)}; nothing was bought.`,
});

const originOf = (url: string): string => (URL.canParse(url) ? new URL(url).origin : 'the start URL');
