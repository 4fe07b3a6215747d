import {
  CONTACT_LIMITS,
  type ContactInfo,
  type ContactMessageBody,
  isEmailAddress,
  SOCIAL_PLATFORM_NAMES,
} from '@platform/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { queueMail, shopEmailAddress } from '../mail/index.ts';
import { getContactSettings } from '../site/index.ts';
import {
  insertBranches,
  insertContactEmails,
  insertMessage,
  insertSocialProfiles,
  listBranches,
  listContactEmails,
  listSocialProfiles,
  type NewBranch,
  type NewContactEmail,
  type NewSocialProfile,
} from './contact.repository.ts';

/**
 * The shop's contact lists as both the shop and its staff read them: branches and e-mails as they are, the social
 * profiles as stored (each reader shows them its own way).
 */
export async function readContactLists(ctx: RequestContext) {
  const [branches, emails, profiles] = await Promise.all([
    listBranches(ctx.scope),
    listContactEmails(ctx.scope),
    listSocialProfiles(ctx.scope),
  ]);
  return {
    branch_locations: branches.map((branch) => ({
      id: branch.id,
      name: branch.name,
      is_hq: branch.isHq,
      address: branch.address,
      phone_number: branch.phoneNumber,
      map_location_url: branch.mapLocationUrl,
    })),
    contact_emails: emails.map((email) => ({
      id: email.id,
      purpose: email.purpose,
      email_address: email.emailAddress,
    })),
    profiles,
  };
}

/**
 * The shop's own address (`shopEmailAddress`: the one its invoices print and its e-mails take replies at), its
 * branches, contact e-mails by purpose and social profiles.
 */
export async function getContactInfo(ctx: RequestContext): Promise<ContactInfo> {
  const [{ profiles, ...lists }, email] = await Promise.all([readContactLists(ctx), shopEmailAddress(ctx)]);
  return {
    email: email ?? '',
    ...lists,
    social_media_profiles: profiles.map((profile) => ({
      id: profile.id,
      platform_display: SOCIAL_PLATFORM_NAMES[profile.platform],
      link: profile.link,
    })),
  };
}

// Deliberately plain (like Django's EmailValidator in spirit): one @, a dotted domain, no spaces or angle brackets.
const PHONE = /^[0-9+()\-. ]*$/;
// Control characters other than tab and line breaks never belong in a message.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it removes.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export interface ValidContactMessage {
  name: string;
  email: string;
  phone_number: string;
  subject: string;
  message: string;
}

/** Field rules of the contact form; every broken rule is reported under its field. */
function validateContactMessage(input: ContactMessageBody): ValidContactMessage {
  const errors: Record<string, string[]> = {};
  const clean = (value: string | null | undefined) => (value ?? '').replace(CONTROL, '').trim();
  const values: ValidContactMessage = {
    name: clean(input.name),
    email: clean(input.email).toLowerCase(),
    phone_number: clean(input.phone_number),
    subject: clean(input.subject),
    message: clean(input.message),
  };
  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    if (input[field] === undefined) errors[field] = ['This field is required.'];
    else if (values[field] === '') errors[field] = ['This field may not be blank.'];
  }
  for (const field of Object.keys(CONTACT_LIMITS) as (keyof typeof CONTACT_LIMITS)[]) {
    if (values[field].length > CONTACT_LIMITS[field] && !errors[field]) {
      errors[field] = [`Ensure this field has no more than ${CONTACT_LIMITS[field]} characters.`];
    }
  }
  if (!errors.email && !isEmailAddress(values.email)) errors.email = ['Enter a valid email address.'];
  if (!errors.phone_number && !PHONE.test(values.phone_number)) {
    errors.phone_number = ['Enter a valid phone number.'];
  }
  if (/[\r\n]/.test(values.name) && !errors.name) errors.name = ['Enter a name on one line.'];
  if (/[\r\n]/.test(values.subject) && !errors.subject) errors.subject = ['Enter a subject on one line.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return values;
}

function contactMail(shopName: string, message: ValidContactMessage): { subject: string; text: string } {
  const lines = [
    `New message from the contact form of ${shopName}.`,
    '',
    `Name: ${message.name}`,
    `E-mail: ${message.email}`,
    `Phone: ${message.phone_number || '-'}`,
    `Subject: ${message.subject}`,
    '',
    message.message,
  ];
  return { subject: `Contact form: ${message.subject}`, text: lines.join('\n') };
}

/**
 * A visitor's contact message: validated, stored, then mailed to the shop's contact e-mail (site settings, else its
 * first contact e-mail). The message is stored before any mail is attempted, and a mail failure never fails the
 * request: the mailer retries in the background and logs a final failure. A filled honeypot (`website`) marks a
 * bot: it gets the same answer, and nothing is stored or sent.
 */
export async function sendContactMessage(
  ctx: RequestContext,
  input: {
    form: ContactMessageBody;
    /** The sender's address, stored with the message. */
    clientIp: string;
    /** Where a message that could not be mailed is reported (it is stored either way). */
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  },
): Promise<ValidContactMessage> {
  const { form, clientIp, log } = input;
  const values = validateContactMessage(form);
  if (form.website && form.website.trim() !== '') return values;
  const stored = await insertMessage(ctx.scope, {
    name: values.name,
    email: values.email,
    phoneNumber: values.phone_number,
    subject: values.subject,
    message: values.message,
    clientIp,
  });
  const [settings, shopEmail, emails] = await Promise.all([
    getContactSettings(ctx),
    shopEmailAddress(ctx),
    listContactEmails(ctx.scope),
  ]);
  const to = shopEmail || emails[0]?.emailAddress;
  if (!to) {
    log.warn({ messageId: stored.id }, 'contact message stored; the shop has no contact e-mail to send it to');
    return values;
  }
  try {
    // A reply goes to the person who wrote, not back to the shop.
    await queueMail(ctx, { ...contactMail(settings?.siteTitle || ctx.tenant.name, values), to, replyTo: values.email });
  } catch (error) {
    // The message is stored: staff still see it even if the mail could not even be queued.
    log.error({ err: error, messageId: stored.id }, 'contact message stored but not mailed');
  }
  return values;
}

/** Adds branches, contact e-mails and social profiles to the shop's contact information, in one transaction. */
export async function createContactInfo(
  ctx: RequestContext,
  input: { branches?: NewBranch[]; emails?: NewContactEmail[]; socialProfiles?: NewSocialProfile[] },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await insertBranches(tx.scope, input.branches ?? []);
    await insertContactEmails(tx.scope, input.emails ?? []);
    await insertSocialProfiles(tx.scope, input.socialProfiles ?? []);
  });
}
