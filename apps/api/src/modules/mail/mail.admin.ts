// The shop's sender, for its owner: the name and address its e-mails come from, where replies go, and which e-mails
// staff get at the shop's own address.
import { MailSettings } from '@platform/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RequestContext, requirePermission } from '../../lib/context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { staffOnly } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import { claimLowStockDay, findMailSettings, type MailSettingsRow, upsertMailSettings } from './mail.repository.ts';

function answerOf(row: MailSettingsRow | null): MailSettings {
  return {
    sender_name: row?.senderName ?? '',
    sender_address: row?.senderAddress ?? '',
    reply_to: row?.replyTo ?? '',
    notify_new_order: row?.notifyNewOrder ?? true,
    notify_low_stock: row?.notifyLowStock ?? true,
  };
}

/** Which e-mails the shop's staff get (each on for a shop that never said). */
export async function staffNoticeSettings(ctx: RequestContext): Promise<{ newOrder: boolean; lowStock: boolean }> {
  const row = await findMailSettings(ctx.scope);
  return { newOrder: row?.notifyNewOrder ?? true, lowStock: row?.notifyLowStock ?? true };
}

/**
 * Claims the low-stock e-mail of the shop's calendar day `day` (`YYYY-MM-DD`): true for the one caller that claimed
 * it, false when the day was already claimed (by this instance or another).
 */
export async function claimLowStockMailDay(ctx: RequestContext, day: string): Promise<boolean> {
  return claimLowStockDay(ctx.scope, day);
}

/** Sets the shop's sender (the platform's own set-up: the demo seed); the owner's route is `setMailSettings`. */
export async function configureMailSender(
  ctx: RequestContext,
  body: Pick<MailSettings, 'sender_name' | 'sender_address' | 'reply_to'>,
): Promise<void> {
  await upsertMailSettings(ctx.scope, {
    senderName: body.sender_name,
    senderAddress: body.sender_address,
    replyTo: body.reply_to,
  });
}

/** `GET /admin/mail-settings/` (owner). */
export async function getMailSettings(ctx: RequestContext): Promise<MailSettings> {
  requirePermission(ctx, 'manage_settings');
  return answerOf(await findMailSettings(ctx.scope));
}

/**
 * `PATCH /admin/mail-settings/` (owner): changes the fields given of the shop's sender, audited; mail queued from then
 * on uses it.
 */
export async function setMailSettings(ctx: RequestContext, body: Partial<MailSettings>): Promise<MailSettings> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const before = answerOf(await findMailSettings(tx.scope));
    const wanted = { ...before, ...body };
    const after = answerOf(
      await upsertMailSettings(tx.scope, {
        senderName: wanted.sender_name,
        senderAddress: wanted.sender_address,
        replyTo: wanted.reply_to,
        notifyNewOrder: wanted.notify_new_order,
        notifyLowStock: wanted.notify_low_stock,
      }),
    );
    await recordAudit(tx, { action: 'mail_settings.update', entity: 'mail_settings', entityId: 0, before, after });
    return after;
  });
}

/** `/admin/mail-settings/`: the shop's sender, for the owner. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_settings'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };
  app.get(
    '/mail-settings/',
    { schema: { ...schema, response: { 200: MailSettings, ...errorResponses } } },
    async (request) => getMailSettings(request.ctx),
  );
  app.patch(
    '/mail-settings/',
    {
      schema: { ...schema, body: MailSettings.partial().strict(), response: { 200: MailSettings, ...errorResponses } },
    },
    async (request) => setMailSettings(request.ctx, request.body),
  );
};
