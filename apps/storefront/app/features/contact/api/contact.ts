import { ContactInfo, ContactMessageCreated, isEmailAddress } from '@platform/contracts';
import { type ApiClient, errorText } from '../../../lib/api-client.ts';

export interface ContactMessageInput {
  name: string;
  email: string;
  phone_number: string;
  subject: string;
  message: string;
  /** Honeypot: people never see it; bots fill it. */
  website: string;
}

type ContactInfoData = { info: ContactInfo | null; error: null } | { info: null; error: string };

/** Contact information; errors as section 8: detail, else message, else the fallback. */
export async function loadContactInfo(api: ApiClient): Promise<ContactInfoData> {
  try {
    return { info: await api.get('/contact/info/', { schema: ContactInfo.nullable() }), error: null };
  } catch (error) {
    return { info: null, error: errorText(error, 'Failed to load contact information.') };
  }
}

/** Sends the message; the answer is not read beyond success (spec section 7). */
export async function sendContactMessage(api: ApiClient, input: ContactMessageInput): Promise<void> {
  await api.post('/contact/messages/', input, { schema: ContactMessageCreated });
}

/** The form's rules (spec section 5), checked before any call; messages per field. */
export function validateContactForm(input: ContactMessageInput): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    if (!input[field].trim()) errors[field] = 'This field is required.';
  }
  if (!errors.email && !isEmailAddress(input.email.trim())) errors.email = 'Enter a valid email address.';
  return errors;
}
