// Returns for staff (`/api/admin/returns/`, decision 023): the list, what came back, rejections, returns opened on
// the customer's behalf. Apart from `returns.ts`, which the storefront loads.
import './browser.ts';
import { z } from 'zod';
import { AdminListQuery, adminOrdering, adminPage } from './admin.ts';
import { QueryRowId, RowId } from './ids.ts';
import { Return, ReturnCondition, ReturnKind, ReturnLineInput, ReturnStatus } from './returns.ts';

/** A return as staff read it: who the customer is and what came back. */
export const AdminReturn = Return.extend({
  customer_email: z.string().nullable(),
  opened_by_user_id: z.number().int().nullable(),
  period_last_day: z.string().nullable(),
  received_note: z.string(),
  updated_at: z.string(),
});
export type AdminReturn = z.infer<typeof AdminReturn>;

export const AdminReturnListQuery = AdminListQuery.extend({
  ordering: adminOrdering('requested_at', 'status'),
  status: ReturnStatus.optional(),
  kind: ReturnKind.optional(),
  order: QueryRowId.optional(),
});
export type AdminReturnListQuery = z.infer<typeof AdminReturnListQuery>;

export const AdminReturnPage = adminPage(AdminReturn);

/** `POST /admin/returns/{id}/receive/`: per line, how many units came back and in what state; a note. */
export const ReceiveReturnBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        line_id: RowId,
        received_quantity: z.number({ error: 'A valid integer is required.' }).int().min(0).max(10_000),
        condition: ReturnCondition,
      }),
    )
    .min(1, { error: 'Say what came back of at least one line.' })
    .max(200),
  note: z.string().trim().max(2000).default(''),
});
export type ReceiveReturnBody = z.infer<typeof ReceiveReturnBody>;

/** `POST /admin/returns/{id}/reject/`: why (the customer is e-mailed it). */
export const RejectReturnBody = z.strictObject({
  reason: z.string().trim().min(1, { error: 'Say why the return is rejected.' }).max(1000),
});
export type RejectReturnBody = z.infer<typeof RejectReturnBody>;

/** `POST /admin/returns/`: a return or a withdrawal opened by staff on the customer's behalf. */
export const OpenReturnBody = z.strictObject({
  order_id: RowId,
  kind: ReturnKind.default('return'),
  lines: z.array(ReturnLineInput).max(200).default([]),
  reason: z.string().trim().max(1000).default(''),
});
export type OpenReturnBody = z.infer<typeof OpenReturnBody>;
