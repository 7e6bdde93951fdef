import { Role, type OrderNote, type SuccessEnvelope } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { OrderNoteRow } from '../../db/schema/index.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { idempotencyKey, runIdempotent, type WriteRequest } from '../../lib/idempotency.ts';
import { createOrdersRepository, statusesOf } from './orders-repository.ts';
import { ORDER_NOT_FOUND } from './order-changes.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { parseId } from '../../lib/ids.ts';
import { createOrderNotesRepository } from './order-notes-repository.ts';

/** Who may edit a note: its author, or an Admin (or SuperAdmin) of the tenant. */
function mayEditNote(auth: AuthContext, note: Pick<OrderNoteRow, 'authorId'>): boolean {
  return note.authorId === auth.userId || auth.roleId === Role.Admin || auth.roleId === Role.SuperAdmin;
}

function noteText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw badRequest({ note: 'note must not be blank' });
  return trimmed;
}

export function createOrderNotesService(database: Database, notify: OrdersNotifier) {
  const notes = createOrderNotesRepository();
  const orders = createOrdersRepository();

  const toNote = (auth: AuthContext, row: OrderNoteRow): OrderNote => ({
    id: String(row.id),
    order_id: String(row.orderId),
    note: row.note,
    author: row.authorEmail,
    editable: mayEditNote(auth, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  return {
    /** `POST /api/v1/orderNotes`: a note on an order of the tenant, with a `noteAdded` timeline row. */
    async add(auth: AuthContext, input: { order_id: string; note: string }, request: WriteRequest) {
      const text = noteText(input.note);
      const answer = await runIdempotent<SuccessEnvelope<OrderNote>>(
        database,
        auth.tenantId,
        idempotencyKey(request, auth.userId, input),
        async (tx) => {
          const orderId = parseId(input.order_id);
          const order = orderId === null ? undefined : await orders.findOrder(tx, auth.tenantId, orderId);
          if (!order) throw notFound(ORDER_NOT_FOUND);
          const row = await notes.insert(tx, auth.tenantId, {
            orderId: order.id,
            note: text,
            authorId: auth.userId,
            authorEmail: auth.email,
          });
          await orders.insertEvent(tx, auth.tenantId, {
            orderId: order.id,
            event: 'noteAdded',
            actorId: auth.userId,
            actorEmail: auth.email,
            before: statusesOf(order),
            after: statusesOf(order),
            payload: { noteId: String(row.id) },
          });
          return { statusCode: 201, body: { code: 201, success: true, data: toNote(auth, row) } };
        },
      );
      if (!answer.replayed) notify(auth.tenantId, { orderIds: [answer.body.data.order_id], event: 'noteAdded' });
      return answer;
    },

    /** `PUT /api/v1/orderNotes/{id}`: the author or an Admin changes the text; a `noteEdited` row keeps the old. */
    async edit(auth: AuthContext, idText: string, input: string): Promise<OrderNote> {
      const text = noteText(input);
      const result = await database.withTenant(auth.tenantId, async (tx) => {
        const id = parseId(idText);
        const note = id === null ? undefined : await notes.find(tx, auth.tenantId, id, true);
        if (!note) throw notFound('Note not found');
        if (!mayEditNote(auth, note)) {
          throw new HttpError(403, 'Only the author of a note or an Admin may edit it', { reason: 'not_note_author' });
        }
        const order = (await orders.findOrder(tx, auth.tenantId, note.orderId))!;
        const updated = await notes.update(tx, auth.tenantId, note.id, text);
        await orders.insertEvent(tx, auth.tenantId, {
          orderId: note.orderId,
          event: 'noteEdited',
          actorId: auth.userId,
          actorEmail: auth.email,
          before: statusesOf(order),
          after: statusesOf(order),
          payload: { noteId: String(note.id), previous: note.note },
        });
        return toNote(auth, updated);
      });
      notify(auth.tenantId, { orderIds: [result.order_id], event: 'noteEdited' });
      return result;
    },

    /** `GET /api/v1/orderNotes?order_id=`: oldest first. */
    list(auth: AuthContext, orderIdText: string): Promise<OrderNote[]> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const orderId = parseId(orderIdText);
        const order = orderId === null ? undefined : await orders.findOrder(tx, auth.tenantId, orderId);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        return (await notes.listForOrder(tx, auth.tenantId, order.id)).map((row) => toNote(auth, row));
      });
    },
  };
}
