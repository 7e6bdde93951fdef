import { CARRIER_NAMES, trackingUrl, type Carrier } from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { zplToPng } from '../../integrations/documents/zpl-preview.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { JobRun } from '../../plugins/background.ts';
import { findOrder, recordOrderEvents, type OrdersNotifier } from '../orders/index.ts';
import { toReturnLabel } from './return-label-view.ts';
import { RETURN_EMAIL_RETRIES, type ReturnJob, type ReturnJobs } from './returns-jobs.ts';
import { createReturnsRepository } from './returns-repository.ts';
import type { ReturnRow } from './returns-tables.ts';

/** One message of the product's mailer (SMTP, or the outbox folder without it). */
interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  attachments?: Array<{ filename: string; content: Uint8Array; contentType: string }>;
}
interface ReturnMailer {
  send(message: MailMessage): Promise<void>;
}

const repo = createReturnsRepository();

/** The buyer's e-mail: what to do with the label, and the label itself (a ZPL label drawn to a PNG they can print). */
async function message(
  row: ReturnRow,
  orderNumber: string,
  document: { bytes: Uint8Array; contentType: string; format: string },
): Promise<MailMessage> {
  const carrier = CARRIER_NAMES[row.carrier as Carrier];
  const seller = row.toAddress.company || row.toAddress.name;
  const url = row.trackingNumber ? trackingUrl(row.carrier, row.trackingNumber) : null;
  const zpl = document.format === 'zpl';
  const content = zpl
    ? await zplToPng(new TextDecoder().decode(document.bytes), { queue: row.tenantId })
    : document.bytes;
  const extension = zpl ? 'png' : document.contentType === 'application/pdf' ? 'pdf' : 'png';
  const lines = [
    `Hello ${row.fromAddress.name},`,
    '',
    `${seller} has made a return label for your order ${orderNumber}. It is attached to this e-mail.`,
    '',
    `1. Print the label and tape it to the parcel, covering any old labels.`,
    `2. Hand the parcel to ${carrier} or drop it at one of its locations.`,
    '',
    `Return authorisation (RMA): ${row.rma}`,
    `Tracking number: ${row.trackingNumber}${url ? ` (${url})` : ''}`,
    `The parcel goes to: ${[row.toAddress.name, row.toAddress.street1, row.toAddress.city, row.toAddress.postalCode].join(', ')}`,
    '',
    `Thank you,`,
    seller,
  ];
  return {
    to: row.emailTo!,
    subject: `Your return label for order ${orderNumber} (RMA ${row.rma})`,
    text: lines.join('\n'),
    attachments: [
      {
        filename: `return-label-${row.rma}.${extension}`,
        content,
        contentType: zpl ? 'image/png' : document.contentType,
      },
    ],
  };
}

/** E-mails of return labels: sent by the engine's job, sent again on a person's ask. */
export function createReturnEmails(deps: {
  database: Database;
  mailer: ReturnMailer;
  notify: OrdersNotifier;
  jobs: ReturnJobs;
  log: FastifyBaseLogger;
}) {
  /** Writes the outcome on the return and its timeline row, and tells the order's viewers. */
  async function settle(job: ReturnJob, row: ReturnRow, failure: string | null): Promise<void> {
    await deps.database.withTenant(job.tenantId, async (tx) => {
      await repo.set(tx, job.tenantId, row.id, {
        emailStatus: failure ? 'failed' : 'sent',
        emailSentAt: failure ? null : new Date(),
        emailMessage: failure,
      });
      await recordOrderEvents(tx, job.tenantId, [
        {
          orderId: row.orderId,
          event: failure ? 'returnLabelEmailFailed' : 'returnLabelEmailed',
          actor: { id: row.createdById, email: row.createdByEmail },
          before: null,
          after: null,
          payload: {
            returnLabelId: String(row.id),
            rma: row.rma,
            to: row.emailTo,
            ...(failure ? { message: failure } : {}),
          },
        },
      ]);
    });
    deps.notify(job.tenantId, { orderIds: [String(row.orderId)], event: 'returnLabelEmail' });
  }

  /** The `return-label-email` job: sends once; a failure is retried by the engine, the last one written down. */
  async function send(job: ReturnJob, run: JobRun): Promise<void> {
    const loaded = await deps.database.withTenant(
      job.tenantId,
      async (tx) => {
        const row = await repo.find(tx, job.tenantId, job.returnId);
        if (!row || row.status !== 'active' || row.emailStatus !== 'queued' || !row.emailTo) return null;
        const document = await repo.document(tx, job.tenantId, row.id);
        const order = await findOrder(tx, job.tenantId, row.orderId);
        return { row, document, orderNumber: order?.orderNumber ?? String(row.orderId) };
      },
      { readOnly: true },
    );
    if (!loaded?.document?.document) return;
    const { row, document, orderNumber } = loaded;
    try {
      await deps.mailer.send(
        await message(row, orderNumber, {
          bytes: document.document!,
          contentType: document.contentType ?? 'application/pdf',
          format: document.format,
        }),
      );
    } catch (error) {
      const words = error instanceof Error ? error.message : String(error);
      deps.log.warn({ returnId: row.id, err: error }, 'return label e-mail not sent');
      if (run.retryCount < RETURN_EMAIL_RETRIES) {
        await deps.database.withTenant(job.tenantId, (tx) =>
          repo.set(tx, job.tenantId, row.id, { emailMessage: `Trying again: ${words}` }),
        );
        throw error;
      }
      await settle(job, row, `The e-mail could not be sent: ${words}`);
      return;
    }
    await settle(job, row, null);
  }

  /** `POST /call/returnLabel/{id}/email`: queued again, to the address given or the one it had. */
  async function resend(auth: AuthContext, idText: string, email: string | undefined) {
    const id = parseId(idText);
    const row = await deps.database.withTenant(auth.tenantId, async (tx) => {
      const found = id === null ? undefined : await repo.find(tx, auth.tenantId, id, true);
      if (!found || found.status === 'buying') throw notFound('Return label not found');
      if (found.status !== 'active') {
        throw new HttpError(409, 'This return label was voided; make a new one to send', { reason: 'return_voided' });
      }
      const to = email ?? found.emailTo;
      if (!to) throw badRequest({ email: 'Enter the e-mail address to send the return label to' });
      const queued = await repo.set(tx, auth.tenantId, found.id, {
        emailStatus: 'queued',
        emailTo: to,
        emailMessage: null,
      });
      await deps.jobs.emailIn(tx, { tenantId: auth.tenantId, returnId: found.id });
      return queued;
    });
    deps.jobs.wakeEmails();
    deps.notify(auth.tenantId, { orderIds: [String(row.orderId)], event: 'returnLabelEmail' });
    return toReturnLabel(row);
  }

  return { send, resend };
}
export type ReturnEmails = ReturnType<typeof createReturnEmails>;
