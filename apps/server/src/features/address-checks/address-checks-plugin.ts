import fp from 'fastify-plugin';
import type { Carrier } from '@shipdesk/contract';
import type {
  AddressServiceLimits,
  CarrierAdapterFactory,
  CarrierAdapterOptions,
} from '../../integrations/carriers/carrier-types.ts';
import { ordersNotifier } from '../orders/index.ts';
import { createAddressServices } from './address-check-carriers.ts';
import { createAddressChecksService, type AddressChecksService } from './address-checks-service.ts';
import { createAddressCheckWorker, type AddressCheckWorker, type CheckJob } from './address-checks-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    addressChecks: { service: AddressChecksService; worker: AddressCheckWorker };
  }
}

interface AddressChecksPluginOptions {
  carrierAdapters: CarrierAdapterFactory;
  carrierAdapterOptions?: CarrierAdapterOptions;
  /** Per carrier, the budget that replaces its adapter's own (docs/address-checks.md, "Budgets"). */
  limits?: Partial<Record<Carrier, Partial<AddressServiceLimits>>>;
  /** How often the sweep looks for orders to check (default 15 s). */
  sweepSeconds?: number;
}

/** A tenant's checks: one waiting job per tenant, which sends itself for the next window. */
const CHECKS_QUEUE = 'address-checks';
/** The sweep: one chain of jobs, each sending the next; the minute's schedule starts it again if it was lost. */
const SWEEP_QUEUE = 'address-check-sweep';
const CHECKS_EXPIRY_SECONDS = 120;

/**
 * Address checks on the one engine (plugins/background.ts): the sweep finds orders to check, each tenant's job asks
 * the carriers (address-checks-worker.ts). Orders arrive without waiting for either.
 */
export const addressChecksPlugin = fp<AddressChecksPluginOptions>(
  async (app, options) => {
    const sweepSeconds = options.sweepSeconds ?? 15;
    const checks = app.background.queue<CheckJob>({
      name: CHECKS_QUEUE,
      policy: 'short',
      expireInSeconds: CHECKS_EXPIRY_SECONDS,
      sliceSeconds: CHECKS_EXPIRY_SECONDS / 3,
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryDelayMaxSeconds: 600,
      work: (job, run) => worker.runTenant(job, run),
    });
    const sweeps = app.background.queue<{ chained?: boolean }>({
      name: SWEEP_QUEUE,
      policy: 'short',
      expireInSeconds: 60,
      retryLimit: 3,
      work: async (job) => {
        try {
          await worker.sweep();
        } finally {
          // The chain: the next sweep, whatever this one met (the schedule's own jobs join it).
          await sweeps.send({ chained: true }, { singletonKey: 'chain', afterSeconds: sweepSeconds });
          void job;
        }
      },
    });
    app.background.schedule(SWEEP_QUEUE, '* * * * *');
    const services = createAddressServices({
      adapters: options.carrierAdapters,
      adapterOptions: options.carrierAdapterOptions,
      secrets: app.secrets,
      limits: options.limits,
    });
    const worker = createAddressCheckWorker({ database: app.db, services, queue: checks, log: app.log });
    const service = createAddressChecksService({ database: app.db, notify: ordersNotifier(app), queue: checks });
    app.decorate('addressChecks', { service, worker });
    app.addHook('onReady', async () => {
      if (app.jobWorkers) await sweeps.send({ chained: true }, { singletonKey: 'chain' });
    });
  },
  { name: 'address-checks', dependencies: ['db', 'realtime', 'secrets', 'background'] },
);
