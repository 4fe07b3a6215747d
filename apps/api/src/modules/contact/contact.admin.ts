// The administration of contact: the shop's contact information (branches, contact e-mails, social profiles) and
// the messages of the contact form (read, archived). Writes are audited in their transaction.
import type {
  AdminContactInfo,
  AdminContactInfoBody,
  AdminContactMessage,
  AdminContactMessageListQuery,
  AdminContactMessageUpdateBody,
} from '@platform/contracts/admin-content';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type ContactMessageRow,
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

function toAdminMessage(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    subject: row.subject,
    message: row.message,
    is_archived: row.isArchived,
    created_at: row.createdAt.toISOString(),
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
    const row = await setMessageArchived(tx.scope, id, body.is_archived);
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
