import { type ReturnLabel, type ReturnLabelDefaults, type ReturnLabelsResult } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { zplToPng } from '../../integrations/documents/zpl-preview.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { ServedDocument } from '../../lib/document-reply.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { checkOrderEvent, findOrder, type OrdersNotifier } from '../orders/index.ts';
import { idText, type LabelCarriers } from '../labels/index.ts';
import { chooseReturn, nextRma, returnChoices, returnContext } from './return-plan.ts';
import type { ReturnPurchases } from './return-purchase-service.ts';
import { returnAddress, toReturnLabel } from './return-label-view.ts';
import { createReturnVoid } from './return-void-service.ts';
import { createReturnsRepository } from './returns-repository.ts';

const NOT_FOUND = 'Return label not found';
const repo = createReturnsRepository();

/** The reads of return labels (defaults, list, documents) and their void. */
export function createReturns(deps: {
  database: Database;
  carriers: LabelCarriers;
  notify: OrdersNotifier;
  purchases: ReturnPurchases;
}) {
  /** `GET /call/order/{orderId}/returnLabelDefaults`: the form prefilled, or why no return label can be made. */
  async function defaults(auth: AuthContext, orderIdText: string): Promise<ReturnLabelDefaults> {
    const orderId = parseId(orderIdText);
    const { tenantId } = auth;
    return deps.database.withTenant(
      tenantId,
      async (tx) => {
        const order = orderId === null ? undefined : await findOrder(tx, tenantId, orderId);
        if (!order) throw notFound('Order not found');
        const context = await returnContext(tx, deps.carriers, tenantId, order);
        let refusal = context.refusal;
        if (!refusal) {
          refusal = await checkOrderEvent(tx, tenantId, order, 'returnLabel').then(
            () => null,
            (error: unknown) => {
              if (error instanceof HttpError) return error;
              throw error;
            },
          );
        }
        const proposed = refusal
          ? null
          : await chooseReturn(tx, deps.carriers, tenantId, context, {}).then(
              async (choice) => ({
                deliveryId: choice.delivery ? String(choice.delivery.deliveryId) : null,
                carrier: choice.carrier,
                carrierAccountId: idText(choice.account.accountId),
                serviceCode: choice.serviceCode,
                weight: choice.parcel.weightGrams,
                length: choice.parcel.lengthIn,
                width: choice.parcel.widthIn,
                height: choice.parcel.heightIn,
                rma: await nextRma(tx, tenantId, order),
                format: choice.format,
              }),
              // A parcel without a weight still opens the form: the seller types it.
              () => null,
            );
        return {
          refusal: refusal ? { reason: refusal.reason ?? 'refused', message: refusal.message } : null,
          version: order.version,
          deliveries: context.outbound.map((label) => ({
            deliveryId: String(label.deliveryId),
            carrier: label.carrier,
            serviceName: label.serviceName,
            trackingNumber: label.trackingNumber,
          })),
          choices: returnChoices(context),
          proposed,
          from: context.from ? returnAddress(context.from) : null,
          to: context.to ? returnAddress(context.to) : null,
          toSource: context.toSource,
          buyerEmail: context.buyerEmail,
        };
      },
      { readOnly: true },
    );
  }

  /** `GET /call/order/{orderId}/returnLabels`: newest first; 404 for an order that is not the tenant's. */
  async function list(auth: AuthContext, orderIdText: string): Promise<ReturnLabel[]> {
    const orderId = parseId(orderIdText);
    return deps.database.withTenant(
      auth.tenantId,
      async (tx) => {
        const order = orderId === null ? undefined : await findOrder(tx, auth.tenantId, orderId);
        if (!order) throw notFound('Order not found');
        return (await repo.listForOrder(tx, auth.tenantId, order.id)).map(toReturnLabel);
      },
      { readOnly: true },
    );
  }

  async function loadDocument(auth: AuthContext, idText: string) {
    const id = parseId(idText);
    const row =
      id === null
        ? undefined
        : await deps.database.withTenant(auth.tenantId, (tx) => repo.document(tx, auth.tenantId, id), {
            readOnly: true,
          });
    if (!row?.document || !row.contentType) throw notFound(NOT_FOUND);
    return { ...row, document: row.document, contentType: row.contentType };
  }

  /** The label as bought (PDF, ZPL text or image). */
  async function document(auth: AuthContext, idText: string): Promise<ServedDocument> {
    const row = await loadDocument(auth, idText);
    const zpl = row.format === 'zpl';
    const extension = zpl ? 'zpl' : row.contentType === 'application/pdf' ? 'pdf' : 'png';
    return {
      contentType: zpl ? 'text/plain; charset=utf-8' : row.contentType,
      filename: `return-label-${row.rma}.${extension}`,
      bytes: row.document,
    };
  }

  /** What the order view shows: ZPL drawn to a PNG, everything else as it is. */
  async function preview(auth: AuthContext, idText: string): Promise<ServedDocument> {
    const row = await loadDocument(auth, idText);
    if (row.format !== 'zpl') {
      return { contentType: row.contentType, filename: `return-label-${row.rma}`, bytes: row.document };
    }
    const png = await zplToPng(new TextDecoder().decode(row.document), { queue: auth.tenantId });
    return { contentType: 'image/png', filename: `return-label-${row.rma}.png`, bytes: png };
  }

  /**
   * `POST /call/returnLabels`: a return label for each selected order with its defaults, one after another (at most
   * 50); each order's refusal is its own result, never the others'. An id that names no order of the tenant is a 400.
   */
  async function createMany(
    auth: AuthContext,
    orderIds: readonly string[],
    emailBuyer: boolean | undefined,
  ): Promise<ReturnLabelsResult> {
    // Every id must name one of the tenant's orders (another tenant's answers as a missing one), as a batch's do.
    const numbers = await deps.database.withTenant(
      auth.tenantId,
      async (tx) => {
        const found = new Map<string, string>();
        for (const [index, idText] of orderIds.entries()) {
          const id = parseId(idText);
          const order = id === null ? undefined : await findOrder(tx, auth.tenantId, id);
          if (!order) throw badRequest({ [`orderIds[${index}]`]: `No order ${idText}` });
          found.set(idText, order.orderNumber);
        }
        return found;
      },
      { readOnly: true },
    );
    const results: ReturnLabelsResult['results'] = [];
    for (const orderIdText of orderIds) {
      const orderNumber = numbers.get(orderIdText)!;
      try {
        const body = emailBuyer === undefined ? {} : { emailBuyer };
        const returnLabel = await deps.purchases.createFor(auth, Number(orderIdText), body);
        results.push({ orderId: orderIdText, orderNumber, returnLabel, error: null });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const fields = error.errors ? Object.values(error.errors).join('; ') : '';
        results.push({
          orderId: orderIdText,
          orderNumber,
          returnLabel: null,
          error: { reason: error.reason ?? 'invalid', message: fields || error.message },
        });
      }
    }
    return { results };
  }

  return { defaults, list, document, preview, voidReturn: createReturnVoid(deps), createMany };
}
export type Returns = ReturnType<typeof createReturns>;
