import type { CorpusScenario } from './scenarios.js';
import type { PaymentAttempt, PlacedOrder } from './server/order-book.js';
import { type RunningShop, type ShopDefinition, type ShopOptions, startShop } from './server/shop-server.js';
import { SHOPS } from './shops/index.js';

export interface ShopCorpus {
  readonly shops: readonly RunningShop[];
  shop(id: string): RunningShop;
  startUrl(scenario: CorpusScenario): string;
  /** `127.0.0.1:<port>` of every shop: the URL guard's allow-list entries. */
  readonly hosts: readonly string[];
  close(): Promise<void>;
}

/** Starts the corpus shops (all, or the ones named), each on its own origin on loopback. */
export const startShopCorpus = async (
  options: {
    readonly only?: readonly string[];
    /** The shops to choose from (the corpus's by default; tests add variants of their own). */
    readonly definitions?: readonly ShopDefinition<never>[];
  } & Pick<ShopOptions, 'host' | 'cardNetwork'> = {},
): Promise<ShopCorpus> => {
  const chosen = (options.definitions ?? SHOPS).filter(
    (definition) => !options.only || options.only.includes(definition.id),
  );
  const { host, cardNetwork } = options;
  const shopOptions: ShopOptions = { ...(host ? { host } : {}), ...(cardNetwork ? { cardNetwork } : {}) };
  const shops = await Promise.all(chosen.map((definition) => startShop(definition, shopOptions)));
  const byId = new Map(shops.map((shop) => [shop.id, shop]));
  const shop = (id: string): RunningShop => {
    const found = byId.get(id);
    if (!found) throw new Error(`No corpus shop ${id} is running`);
    return found;
  };
  return {
    shops,
    shop,
    startUrl: (scenario) => `${shop(scenario.shop).url}${scenario.path}`,
    hosts: shops.flatMap((running) => running.hosts),
    close: async () => {
      await Promise.all(shops.map((running) => running.close()));
    },
  };
};

/** Where a shop's books stand, to tell what one run did there. */
export interface ShopMark {
  readonly orders: number;
  readonly attempts: number;
}

export const markOf = (shop: RunningShop): ShopMark => ({
  orders: shop.orders.orders().length,
  attempts: shop.orders.attempts().length,
});

/** What a run did at its shop since the mark: the orders it placed and the payments it tried. */
export const sinceMark = (
  shop: RunningShop,
  mark: ShopMark,
): { readonly orders: readonly PlacedOrder[]; readonly attempts: readonly PaymentAttempt[] } => ({
  orders: shop.orders.orders().slice(mark.orders),
  attempts: shop.orders.attempts().slice(mark.attempts),
});
