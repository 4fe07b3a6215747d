// Returns for staff (`/admin/returns/`): the list, one return, marking what came back, rejecting with a reason, and
// opening a return or a withdrawal on the customer's behalf. Every write is audited; the customer is e-mailed.
import type {
  AdminReturn,
  AdminReturnListQuery,
  OpenReturnBody,
  ReceiveReturnBody,
  RejectReturnBody,
} from '@platform/contracts/admin-returns';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { getAccountEmails } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { queueMail } from '../mail/index.ts';
import { findOrder } from '../orders/index.ts';
import { returnReceivedMail, returnRejectedMail } from './returns.mail.ts';
import {
  findReturn,
  listShopReturns,
  lockReturn,
  type ReturnRow,
  type ReturnWithLines,
  setReceivedLine,
  updateReturn,
} from './returns.repository.ts';
import { mailInputOf, mailLines, openReturn, toReturn } from './returns.service.ts';

function toAdminReturn(row: ReturnWithLines, emails: ReadonlyMap<number, string>): AdminReturn {
  return {
    ...toReturn(row),
    customer_email: emails.get(row.customerUserId) ?? null,
    opened_by_user_id: row.openedByUserId,
    period_last_day: row.periodLastDay,
    received_note: row.receivedNote,
    updated_at: row.updatedAt.toISOString(),
  };
}

function emailsOf(ctx: RequestContext, rows: readonly ReturnWithLines[]): Promise<Map<number, string>> {
  return getAccountEmails(
    ctx,
    rows.map((row) => row.customerUserId),
  );
}

/** `GET /admin/returns/`: the shop's returns, newest first, filtered by status, kind, order or order number. */
export async function listReturnsForStaff(
  ctx: RequestContext,
  query: AdminReturnListQuery,
): Promise<{ count: number; results: AdminReturn[] }> {
  requireStaff(ctx);
  const { rows, count } = await listShopReturns(
    ctx.scope,
    {
      ...(query.status ? { status: query.status } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
      ...(query.order ? { orderId: query.order } : {}),
      ...(query.search ? { search: query.search } : {}),
    },
    { ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  const emails = await emailsOf(ctx, rows);
  return { count, results: rows.map((row) => toAdminReturn(row, emails)) };
}

async function returnOf(ctx: RequestContext, id: number): Promise<AdminReturn> {
  const row = await findReturn(ctx.scope, id);
  if (!row) throw new NotFoundError('Return not found.', 'return_not_found');
  return toAdminReturn(row, await emailsOf(ctx, [row]));
}

/** `GET /admin/returns/{id}/`. */
export async function getReturnForStaff(ctx: RequestContext, id: number): Promise<AdminReturn> {
  requireStaff(ctx);
  return returnOf(ctx, id);
}

const STATUS_TEXT: Record<ReturnRow['status'], string> = {
  requested: 'is still requested',
  received: 'was received already',
  refunded: 'was refunded already',
  rejected: 'was rejected',
};

/** The return locked for a move from one of `from`; 404 when there is none, 409 when it moved on. */
async function lockedReturn(ctx: RequestContext, id: number, from: readonly ReturnRow['status'][]) {
  const row = await lockReturn(ctx.scope, id);
  if (!row) throw new NotFoundError('Return not found.', 'return_not_found');
  if (!from.includes(row.status)) {
    throw new ConflictError(`Return ${id} ${STATUS_TEXT[row.status]}.`, 'return_status');
  }
  return row;
}

/**
 * `POST /admin/returns/{id}/receive/`: staff mark, per line, how many units came back and in what state (lines not
 * named: none came back); the return is received and its customer told.
 */
export async function receiveReturn(ctx: RequestContext, id: number, body: ReceiveReturnBody): Promise<AdminReturn> {
  requirePermission(ctx, 'manage_orders');
  await inTransaction(ctx, async (tx) => {
    const locked = await lockedReturn(tx, id, ['requested']);
    const row = await findReturn(tx.scope, id);
    if (!row) throw new NotFoundError('Return not found.', 'return_not_found');
    const errors: string[] = [];
    for (const given of body.lines) {
      const line = row.lines.find((candidate) => candidate.orderLineId === given.line_id);
      if (!line) errors.push(`Line ${given.line_id} is not part of return ${id}.`);
      else if (given.received_quantity > line.quantity) {
        errors.push(`"${line.productName}" (line ${line.orderLineId}): ${line.quantity} were sent back, not more.`);
      }
    }
    if (errors.length > 0) throw new ValidationError({ lines: errors });
    for (const line of row.lines) {
      const given = body.lines.find((candidate) => candidate.line_id === line.orderLineId);
      await setReceivedLine(tx.scope, id, {
        orderLineId: line.orderLineId,
        receivedQuantity: given?.received_quantity ?? 0,
        condition: given?.condition ?? null,
      });
    }
    await updateReturn(tx.scope, id, ['requested'], {
      status: 'received',
      receivedAt: new Date(),
      receivedNote: body.note,
    });
    await recordAudit(tx, {
      action: 'return.receive',
      entity: 'return',
      entityId: id,
      before: { status: locked.status },
      after: { status: 'received', lines: body.lines, ...(body.note ? { note: body.note } : {}) },
    });
    const received = await findReturn(tx.scope, id);
    const order = await findOrder(tx, row.orderId);
    const mailInput = order && (await mailInputOf(tx, order));
    if (received && mailInput) {
      await queueMail(tx, returnReceivedMail({ ...mailInput, lines: mailLines(received, true), kind: row.kind }));
    }
  });
  return returnOf(ctx, id);
}

/** `POST /admin/returns/{id}/reject/`: staff reject a requested or received return; its customer is told why. */
export async function rejectReturn(ctx: RequestContext, id: number, body: RejectReturnBody): Promise<AdminReturn> {
  requirePermission(ctx, 'manage_orders');
  await inTransaction(ctx, async (tx) => {
    const row = await lockedReturn(tx, id, ['requested', 'received']);
    await updateReturn(tx.scope, id, ['requested', 'received'], {
      status: 'rejected',
      rejectionReason: body.reason,
      rejectedAt: new Date(),
    });
    await recordAudit(tx, {
      action: 'return.reject',
      entity: 'return',
      entityId: id,
      before: { status: row.status },
      after: { status: 'rejected', reason: body.reason },
    });
    const order = await findOrder(tx, row.orderId);
    const mailInput = order && (await mailInputOf(tx, order));
    if (mailInput) await queueMail(tx, returnRejectedMail({ ...mailInput, reason: body.reason, kind: row.kind }));
  });
  return returnOf(ctx, id);
}

/**
 * `POST /admin/returns/`: a return (or a withdrawal, within its period) opened by staff on the customer's behalf,
 * with the same rules and receipt as the customer's own.
 */
export async function openReturnForStaff(ctx: RequestContext, body: OpenReturnBody): Promise<AdminReturn> {
  const user = requirePermission(ctx, 'manage_orders');
  const order = await findOrder(ctx, body.order_id);
  if (!order) throw new ValidationError({ order_id: ['No order of the shop has this id.'] });
  const row = await openReturn(ctx, order, body, {
    kind: body.kind,
    openedBy: 'staff',
    openedByUserId: user.id,
    alongside: (tx, id, lines) =>
      recordAudit(tx, {
        action: 'return.open',
        entity: 'return',
        entityId: id,
        after: {
          order: order.id,
          kind: body.kind,
          lines: lines.map((line) => ({ line_id: line.lineId, quantity: line.quantity })),
        },
      }),
  });
  return returnOf(ctx, row.id);
}
