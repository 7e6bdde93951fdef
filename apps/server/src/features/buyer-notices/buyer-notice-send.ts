import { CARRIER_NAMES, type BuyerNoticeKind, type Carrier } from '@shipdesk/contract';
import type { Mailer } from '@shipdesk/mail-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { JobRun } from '../../plugins/background.ts';
import { recordOrderEvents, tenantTimeZone, type OrdersNotifier } from '../orders/index.ts';
import { BUYER_NOTICE_RETRIES, type BuyerNoticeJob } from './buyer-notices-jobs.ts';
import {
  createBuyerNoticesRepository,
  storeKeyOf,
  type NoticeLabel,
  type SettingsRow,
} from './buyer-notices-repository.ts';
import { renderNotice, type NoticeValues } from './buyer-notices-rules.ts';

const repo = createBuyerNoticesRepository();
const SYSTEM_ACTOR = { id: 'system:buyer-notices', email: 'Buyer e-mails' };
/** A queued row no run tried after this long lost its job. */
const STRANDED_AFTER_SECONDS = 600;

/**
 * The public tracking page's link of a label (tracking-page feature, handed in by app.ts: that feature reads tracking,
 * which queues these e-mails, so importing it here would make a cycle).
 */
export interface TrackingLinks {
  publicUrl: string;
  pageToken(tx: Executor, tenantId: string, labelId: number): Promise<string | null>;
  pageUrl(publicUrl: string, token: string): string;
}

interface BuyerNoticeDeps {
  database: Database;
  mailer: Pick<Mailer, 'send'>;
  notify: OrdersNotifier;
  log: FastifyBaseLogger;
  links: TrackingLinks;
  sendJob(job: BuyerNoticeJob): Promise<void>;
}

const dayIn = (at: Date | null, timeZone: string | undefined) =>
  (at ?? new Date()).toLocaleDateString('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' });

/** The variables' values for one label (its tracking page's token is made here the first time). */
export async function noticeValues(
  tx: Executor,
  tenantId: string,
  label: NoticeLabel,
  links: TrackingLinks,
  senderName: string | null,
): Promise<NoticeValues> {
  const token = await links.pageToken(tx, tenantId, label.labelId);
  return {
    buyer_name: label.customerName?.trim() || 'there',
    order_number: label.orderNumber,
    store_name: label.storeName ?? label.tenantName ?? (senderName?.trim() || 'our shop'),
    carrier: CARRIER_NAMES[label.carrier as Carrier] ?? label.carrier,
    service: label.serviceName,
    tracking_number: label.trackingNumber,
    tracking_url: token ? links.pageUrl(links.publicUrl, token) : '',
    delivered_on: dayIn(label.parcelStatusAt, await tenantTimeZone(tx, tenantId)),
  };
}

export const senderNameOf = (settings: Pick<SettingsRow, 'senderName'> | undefined, values: NoticeValues) =>
  settings?.senderName?.trim() || values.store_name;

/** The engine's work of buyer e-mails: sending one, and giving lost ones a job again. */
export function createBuyerNoticeSender(deps: BuyerNoticeDeps) {
  /** Writes the outcome on the row and the order's timeline row, in the caller's transaction. */
  async function settle(tx: Executor, job: BuyerNoticeJob, orderId: number, to: string, failure: string | null) {
    await repo.setNotice(tx, job.tenantId, job.labelId, job.kind, {
      status: failure ? 'failed' : 'sent',
      sentAt: failure ? null : new Date(),
      message: failure,
    });
    await recordOrderEvents(tx, job.tenantId, [
      {
        orderId,
        event: failure ? 'buyerNoticeFailed' : 'buyerNoticeSent',
        actor: SYSTEM_ACTOR,
        before: null,
        after: null,
        payload: { labelId: String(job.labelId), kind: job.kind, to, ...(failure ? { message: failure } : {}) },
      },
    ]);
  }

  /**
   * The `buyer-notice-send` job: the row is locked while its e-mail goes (a second run, on this instance or another,
   * skips it) and marked sent in the same transaction, so one row is one e-mail. A voided label's e-mail is not sent.
   * A mailer failure is retried by the engine; the last one is written down with its timeline row.
   */
  async function send(job: BuyerNoticeJob, run: JobRun): Promise<void> {
    const outcome = await deps.database.withTenant(job.tenantId, async (tx) => {
      const notice = await repo.claim(tx, job.tenantId, job.labelId, job.kind);
      if (!notice || notice.status !== 'queued' || !notice.emailTo) return null;
      const label = await repo.label(tx, job.tenantId, job.labelId);
      if (!label) return null;
      if (label.labelStatus !== 'active') {
        await repo.setNotice(tx, job.tenantId, job.labelId, job.kind, {
          status: 'skipped',
          message: 'The label was voided before its e-mail went',
        });
        return null;
      }
      const settings = await repo.setting(tx, job.tenantId, storeKeyOf(label.storeId));
      const values = await noticeValues(tx, job.tenantId, label, deps.links, settings?.senderName ?? null);
      const senderName = senderNameOf(settings, values);
      const shipped = job.kind === 'shipped';
      const rendered = renderNotice(
        job.kind,
        {
          subject: (shipped ? settings?.shippedSubject : settings?.deliveredSubject) ?? null,
          body: (shipped ? settings?.shippedBody : settings?.deliveredBody) ?? null,
        },
        values,
        { logoUrl: settings?.logoUrl ?? null, senderName },
      );
      const to = notice.emailTo;
      try {
        await deps.mailer.send({
          to,
          fromName: senderName,
          ...(settings?.replyTo ? { replyTo: settings.replyTo } : {}),
          ...rendered,
        });
      } catch (error) {
        const words = error instanceof Error ? error.message : String(error);
        if (run.retryCount < BUYER_NOTICE_RETRIES) {
          await repo.setNotice(tx, job.tenantId, job.labelId, job.kind, { message: `Trying again: ${words}` });
        } else {
          await settle(tx, job, label.orderId, to, `The e-mail could not be sent: ${words}`);
        }
        return { orderId: label.orderId, error };
      }
      await settle(tx, job, label.orderId, to, null);
      return { orderId: label.orderId, error: null };
    });
    if (!outcome) return;
    deps.notify(job.tenantId, { orderIds: [String(outcome.orderId)], event: 'buyerNotice' });
    if (outcome.error) {
      deps.log.warn({ tenantId: job.tenantId, labelId: job.labelId, err: outcome.error }, 'buyer e-mail not sent');
      if (run.retryCount < BUYER_NOTICE_RETRIES) throw outcome.error;
    }
  }

  /** The sweep: queued rows whose job was lost get one again (a second job for a row is harmless: see send). */
  async function sweep(): Promise<void> {
    const stranded = await repo.stranded(deps.database.db, STRANDED_AFTER_SECONDS, 500);
    for (const row of stranded) {
      await deps.sendJob({ tenantId: row.tenantId, labelId: row.labelId, kind: row.kind as BuyerNoticeKind });
    }
  }

  return { send, sweep };
}
