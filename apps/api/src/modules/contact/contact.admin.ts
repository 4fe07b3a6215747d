// The administration of contact: the shop's contact information (branches, contact e-mails, social profiles) and
// the messages of the contact form (read, archived, answered). Writes are audited in their transaction.
import type {
  AdminContactInfo,
  AdminContactInfoBody,
  AdminContactMessage,
  AdminContactMessageDetail,
  AdminContactMessageListQuery,
  AdminContactMessageUpdateBody,
  AdminContactReplyBody,
} from '@platform/contracts/admin-content';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { queueMail } from '../mail/index.ts';
import { getContactSettings, getSellerDetails } from '../site/index.ts';
import {
  type ContactMessageRow,
  findStaffMessage,
  insertReply,
  listReplies,
  listStaffMessages,
  lockMessage,
  replaceBranches,
  replaceContactEmails,
  replaceSocialProfiles,
  setMessageArchived,
} from './contact.repository.ts';
import { readContactLists } from './contact.service.ts';

async function readContactInfo(ctx: RequestContext): Promise<AdminContactInfo> {
  const { profiles, ...lists } = await readContactLists(ctx);
  return {
    ...lists,
    social_media_profiles: profiles.map((profile) => ({
      id: profile.id,
      platform: profile.platform,
      link: profile.link,
    })),
  };
}

/** `GET /admin/contact-info/`. */
export async function getContactInfoForStaff(ctx: RequestContext): Promise<AdminContactInfo> {
  requireStaff(ctx);
  return readContactInfo(ctx);
}

/** What the audit log keeps of a list: its items without their ids. */
function withoutIds(items: { id: number }[]): unknown[] {
  return items.map(({ id: _id, ...rest }) => rest);
}

/** `PATCH /admin/contact-info/`: each list given replaces the shop's list; at most one head office; audited. */
export async function updateContactInfo(ctx: RequestContext, body: AdminContactInfoBody): Promise<AdminContactInfo> {
  requireStaff(ctx);
  if ((body.branch_locations ?? []).filter((branch) => branch.is_hq).length > 1) {
    throw new ValidationError({ branch_locations: ['Only one branch can be the head office.'] });
  }
  return inTransaction(ctx, async (tx) => {
    const before = await readContactInfo(tx);
    if (body.branch_locations) {
      await replaceBranches(
        tx.scope,
        body.branch_locations.map((branch) => ({
          name: branch.name,
          isHq: branch.is_hq,
          address: branch.address,
          phoneNumber: branch.phone_number,
          mapLocationUrl: branch.map_location_url,
        })),
      );
    }
    if (body.contact_emails) {
      await replaceContactEmails(
        tx.scope,
        body.contact_emails.map((email) => ({ purpose: email.purpose, emailAddress: email.email_address })),
      );
    }
    if (body.social_media_profiles) {
      await replaceSocialProfiles(
        tx.scope,
        body.social_media_profiles.map((profile) => ({ platform: profile.platform, link: profile.link })),
      );
    }
    const after = await readContactInfo(tx);
    const lists = (['branch_locations', 'contact_emails', 'social_media_profiles'] as const).filter(
      (key) => body[key] !== undefined,
    );
    await recordAudit(tx, {
      action: 'contact_info.update',
      entity: 'contact_info',
      entityId: '',
      before: Object.fromEntries(lists.map((key) => [key, withoutIds(before[key])])),
      after: Object.fromEntries(lists.map((key) => [key, withoutIds(after[key])])),
    });
    return after;
  });
}

function toAdminMessage(row: ContactMessageRow & { lastRepliedAt: Date | null }): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    subject: row.subject,
    message: row.message,
    is_archived: row.isArchived,
    created_at: row.createdAt.toISOString(),
    last_replied_at: row.lastRepliedAt?.toISOString() ?? null,
  };
}

/** `GET /admin/contact-messages/`: the shop's messages, newest first. */
export async function listContactMessagesForStaff(
  ctx: RequestContext,
  query: AdminContactMessageListQuery,
): Promise<{ count: number; results: AdminContactMessage[] }> {
  requireStaff(ctx);
  const { rows, count } = await listStaffMessages(
    ctx.scope,
    { isArchived: query.is_archived, search: query.search || undefined },
    {
      // Messages are numbered in the order they came: `id` orders them as `created_at` does.
      oldestFirst: query.ordering === 'created_at' || query.ordering === 'id',
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    },
  );
  return { count, results: rows.map(toAdminMessage) };
}

/** `PATCH /admin/contact-messages/{id}/`: archives or restores a message; audited. */
export async function archiveContactMessage(
  ctx: RequestContext,
  id: number,
  body: AdminContactMessageUpdateBody,
): Promise<AdminContactMessage> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const current = await lockMessage(tx.scope, id);
    if (!current) throw new NotFoundError('Message not found.', 'message_not_found');
    const updated = await setMessageArchived(tx.scope, id, body.is_archived);
    const row = updated && (await findStaffMessage(tx.scope, id));
    if (!row) throw new NotFoundError('Message not found.', 'message_not_found');
    await recordAudit(tx, {
      action: body.is_archived ? 'contact_message.archive' : 'contact_message.restore',
      entity: 'contact_message',
      entityId: id,
      before: { is_archived: current.isArchived },
      after: { is_archived: row.isArchived },
    });
    return toAdminMessage(row);
  });
}

/** The message with its replies, oldest first (within `ctx`'s transaction when it has one). */
async function readMessageDetail(ctx: RequestContext, id: number): Promise<AdminContactMessageDetail> {
  const [row, replies] = await Promise.all([findStaffMessage(ctx.scope, id), listReplies(ctx.scope, id)]);
  if (!row) throw new NotFoundError('Message not found.', 'message_not_found');
  return {
    ...toAdminMessage(row),
    replies: replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      created_at: reply.createdAt.toISOString(),
      staff_user_id: reply.staffUserId,
      staff_name: reply.staffName ?? '',
    })),
  };
}

/** `GET /admin/contact-messages/{id}/`: one message and the replies staff sent to it. */
export async function getContactMessageForStaff(ctx: RequestContext, id: number): Promise<AdminContactMessageDetail> {
  requireStaff(ctx);
  return readMessageDetail(ctx, id);
}

/** The reply as mailed: the staff's text, then the message it answers, quoted. */
function replyMail(
  shop: { name: string; locale: string; timeZone: string },
  message: ContactMessageRow,
  body: string,
): { subject: string; text: string } {
  const shopName = shop.name;
  const written = new Intl.DateTimeFormat(shop.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: shop.timeZone,
  }).format(message.createdAt);
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  const lines = [body, '', `-- ${shopName}`, '', `On ${written}, ${message.name} wrote to ${shopName}:`, quoted];
  return { subject, text: lines.join('\n') };
}

/**
 * `POST /admin/contact-messages/{id}/replies/`: staff's answer, kept with the message (who, when, what) and mailed
 * from the shop's sender to the message's sender, both in one transaction (the mail is queued with the reply, so
 * neither exists without the other); audited. Answers the message with its replies.
 */
export async function replyToContactMessage(
  ctx: RequestContext,
  id: number,
  body: AdminContactReplyBody,
): Promise<AdminContactMessageDetail> {
  const user = requirePermission(ctx, 'manage_orders');
  return inTransaction(ctx, async (tx) => {
    const message = await lockMessage(tx.scope, id);
    if (!message) throw new NotFoundError('Message not found.', 'message_not_found');
    await insertReply(tx.scope, { messageId: id, body: body.body, staffUserId: user.id });
    const [settings, seller] = await Promise.all([getContactSettings(tx), getSellerDetails(tx)]);
    const shop = { name: settings?.siteTitle || tx.tenant.name, locale: seller.locale, timeZone: seller.timeZone };
    await queueMail(tx, { ...replyMail(shop, message, body.body), to: message.email });
    await recordAudit(tx, {
      action: 'contact_message.reply',
      entity: 'contact_message',
      entityId: id,
      after: { to: message.email, length: body.body.length },
    });
    return readMessageDetail(tx, id);
  });
}
