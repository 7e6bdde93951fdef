import fp from 'fastify-plugin';
import { OrderRealtimeEvent, type OrderChangedMessage } from '@shipdesk/contract';
import { createTrackingPage, type TrackingPage } from './tracking-page-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trackingPage: TrackingPage;
  }
}

interface TrackingPagePluginOptions {
  /** The product's public address: links are made under it. */
  publicUrl: string;
  /** Tests shorten or shrink the cache of rendered pages. */
  cache?: { max: number; ttlMs: number };
}

/**
 * The public tracking page (docs/tracking-page.md), built once per instance. Every change of an order that open tabs
 * hear (`orders:changed`: a parcel's status, a label voided) also forgets that order's cached pages in this process;
 * another instance's copy lives out its 60 seconds, as a browser's or a CDN's does (`max-age=60`).
 */
export const trackingPagePlugin = fp<TrackingPagePluginOptions>(
  async (app, options) => {
    const page = createTrackingPage({ database: app.db, publicUrl: options.publicUrl, cache: options.cache });
    app.realtime.onTenantEvent((tenantId, event, payload) => {
      if (event === OrderRealtimeEvent.Changed) page.forgetOrders(tenantId, (payload as OrderChangedMessage).orderIds);
    });
    app.decorate('trackingPage', page);
  },
  { name: 'tracking-page', dependencies: ['db', 'realtime'] },
);
