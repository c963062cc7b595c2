import { type FastifyInstance } from 'fastify';
import { originOf } from '../../origin.js';
import { cartQuote } from '../cart-quote.js';
import { seeOther, sendPage, type WebDeps } from '../context.js';
import { addToCartSchema } from '../forms.js';
import { cartPage } from '../pages/cart.js';
import { homePage } from '../pages/home.js';
import { productPage } from '../pages/product.js';
import { legalPage, notFoundPage } from '../pages/walls.js';

/** Browsing and the cart: product pages, add to cart (with its captcha wall for some products), cart. */
export const shopRoutes = async (app: FastifyInstance, deps: WebDeps): Promise<void> => {
  const { catalogue, visitors } = deps;

  app.get('/', async (request, reply) =>
    sendPage(deps, request, reply, visitors.for(request, reply), homePage(catalogue)),
  );

  app.get<{ Params: { slug: string }; Querystring: { sku?: string } }>('/products/:slug', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    const product = catalogue.product(request.params.slug);
    if (!product) return sendPage(deps, request, reply, visitor, notFoundPage('No such product.'));
    const selectedSku = request.query.sku;
    return sendPage(
      deps,
      request,
      reply,
      visitor,
      productPage(catalogue, product, originOf(request, deps.publicUrl), selectedSku ? { selectedSku } : {}),
    );
  });

  app.post('/cart/items', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    const form = addToCartSchema.safeParse(request.body);
    const product = form.success ? catalogue.product(form.data.product) : undefined;
    if (!form.success || !product) return sendPage(deps, request, reply, visitor, notFoundPage('No such product.'));
    const origin = originOf(request, deps.publicUrl);
    const variant =
      product.variants.find((candidate) => candidate.sku === form.data.sku) ??
      (product.variants.length === 1 ? product.variants[0] : undefined);
    if (!variant) {
      return sendPage(
        deps,
        request,
        reply,
        visitor,
        productPage(catalogue, product, origin, { error: 'Please select a size.', status: 400 }),
      );
    }
    const inCart = visitor.cart.find((line) => line.sku === variant.sku)?.quantity ?? 0;
    if (!catalogue.inStock(variant.sku, inCart + form.data.quantity)) {
      const what = variant.size ? `${product.name} in size ${variant.size}` : product.name;
      const page = productPage(catalogue, product, origin, {
        selectedSku: variant.sku,
        error: `Sorry, ${what} is out of stock.`,
        status: 409,
      });
      return sendPage(deps, request, reply, visitor, page);
    }
    if (product.captchaOnAddToCart)
      return seeOther(reply, `/verify?next=${encodeURIComponent(`/products/${product.slug}`)}`);
    visitor.cart = inCart
      ? visitor.cart.map((line) =>
          line.sku === variant.sku ? { ...line, quantity: line.quantity + form.data.quantity } : line,
        )
      : [...visitor.cart, { sku: variant.sku, quantity: form.data.quantity }];
    return seeOther(reply, '/cart');
  });

  app.post<{ Body: { line?: string } }>('/cart/remove', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    const index = Number(request.body?.line);
    visitor.cart = visitor.cart.filter((_line, position) => position !== index);
    return seeOther(reply, '/cart');
  });

  app.get('/cart', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    return sendPage(deps, request, reply, visitor, cartPage(cartQuote(deps, visitor, 'listing')));
  });

  app.get('/legal/terms', async (request, reply) =>
    sendPage(deps, request, reply, undefined, legalPage('Terms of use')),
  );
  app.get('/legal/privacy', async (request, reply) =>
    sendPage(deps, request, reply, undefined, legalPage('Privacy policy')),
  );
};
