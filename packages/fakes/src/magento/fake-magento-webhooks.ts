import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import {
  createFakePushOutbox,
  type FakePushChaos,
  type FakePushOutbox,
} from '../walmart/fake-walmart-webhooks-delivery.ts';
import { magentoDateTime, type MagentoOrder } from './fake-magento-wire.ts';

/**
 * Adobe Commerce Webhooks as the fake sends them (../shared/integrations.md section 6): a key pair generated as the
 * Admin's "Regenerate key pair" does, and on each order save an `observer.sales_order_save_after` call to the URL a
 * test set, signed in `x-adobe-commerce-webhook-signature` (base64 RSA-SHA256 over the base64 of the body, as Adobe's
 * own verification examples check it). Commerce sends no event id; chaos can drop, repeat and reorder the calls.
 */

export interface FakeMagentoWebhooks {
  /** The public key the seller would copy from the Admin. */
  readonly publicKeyPem: string;
  readonly delivery: FakePushOutbox;
  /** Where order saves are sent (the seller's webhook); null sends nothing. */
  setUrl(url: string | null): void;
  /** The signature header of `body`, with the fake's key. */
  signature(body: string): string;
  /** Saves the order as Commerce would (canceled: its state and status) and calls the webhook. */
  saveOrder(entityId: number, change: 'created' | 'canceled'): void;
  chaos(options: FakePushChaos): void;
  settled(): Promise<void>;
}

export function fakeMagentoWebhooks(orders: Map<number, MagentoOrder>): FakeMagentoWebhooks {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const delivery = createFakePushOutbox();
  let url: string | null = null;
  const signature = (body: string) =>
    sign('sha256', Buffer.from(Buffer.from(body).toString('base64')), privateKey).toString('base64');

  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    delivery,
    setUrl: (next) => void (url = next),
    signature,
    saveOrder(entityId, change) {
      const order = orders.get(entityId);
      if (!order) throw new Error(`The fake Magento has no order ${entityId}`);
      if (change === 'canceled') {
        order.state = 'canceled';
        order.status = 'canceled';
      }
      order.updated_at = magentoDateTime(Math.max(Date.now(), Date.parse(`${order.updated_at}Z`) + 1000));
      if (!url) return;
      const body = JSON.stringify({
        eventName: 'observer.sales_order_save_after',
        data: {
          order: {
            entity_id: order.entity_id,
            increment_id: order.increment_id,
            state: order.state,
            status: order.status,
            updated_at: order.updated_at,
          },
        },
      });
      const endpoint = url;
      delivery.publish({
        endpoint,
        id: randomUUID(),
        build: () => ({ body, headers: { 'x-adobe-commerce-webhook-signature': signature(body) } }),
      });
    },
    chaos: (options) => delivery.chaos(options),
    settled: () => delivery.settled(),
  };
}
