import fp from 'fastify-plugin';
import { ordersNotifier, type OrderRules } from '../orders/index.ts';
import { createProductFill, type FillJob, type ProductFill } from './product-fill-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    productWeightFill: ProductFill;
  }
}

interface ProductFillPluginOptions {
  /** The shipping rules, run again on each order filled (handed in by app.ts, as to the orders feature). */
  rules?: OrderRules;
  /** Orders per batch (tests, benchmarks). */
  batchSize?: number;
}

/** A tenant's fill of open orders from the catalogue: one waiting slice per tenant at most. */
const PRODUCT_FILL_QUEUE = 'product-weight-fill';
/** A slice still running this long (its worker stopped) is run again from the position reached. */
const PRODUCT_FILL_EXPIRY_SECONDS = 60;

/**
 * The catalogue's background fill on the one engine (plugins/background.ts): the pass is a chain of
 * `product-weight-fill` slice jobs, the first sent with the product change; any instance that runs jobs works them.
 */
export const productFillPlugin = fp<ProductFillPluginOptions>(
  async (app, options) => {
    const queue = app.background.queue<FillJob>({
      name: PRODUCT_FILL_QUEUE,
      policy: 'short',
      expireInSeconds: PRODUCT_FILL_EXPIRY_SECONDS,
      sliceSeconds: PRODUCT_FILL_EXPIRY_SECONDS / 3,
      retryLimit: 10,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 300,
      work: (job, run) => fill.runSlice(job, run),
    });
    const fill = createProductFill({
      database: app.db,
      queue,
      notify: ordersNotifier(app),
      rules: options.rules,
      batchSize: options.batchSize,
    });
    app.decorate('productWeightFill', fill);
  },
  { name: 'product-fill', dependencies: ['db', 'realtime', 'background'] },
);
