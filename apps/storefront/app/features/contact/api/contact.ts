import type { ContactInfo } from '@platform/contracts';
import { type ApiClient, ApiError, errorText } from '../../../lib/api-client.ts';

export interface ContactMessageInput {
  name: string;
  email: string;
  phone_number: string;
  subject: string;
  message: string;
  /** Honeypot: people never see it; bots fill it. */
  website: string;
}

export type ContactInfoData = { info: ContactInfo | null; error: null } | { info: null; error: string };

/** Contact information; errors as section 8: detail, else message, else the fallback. */
export async function loadContactInfo(api: ApiClient): Promise<ContactInfoData> {
  try {
    return { info: await api.get<ContactInfo | null>('/contact/info/'), error: null };
  } catch (error) {
    return { info: null, error: errorText(error, 'Failed to load contact information.') };
  }
}

export function sendContactMessage(api: ApiClient, input: ContactMessageInput) {
  return api.post<unknown>('/contact/messages/', input);
}

/** Contact send errors (section 8): the detail, else the JSON text of an object body, else the message, else… */
export function contactErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.body && typeof error.body === 'object') return JSON.stringify(error.body);
  }
  return errorText(error, 'Failed to send message. Please try again later.');
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

/** The form's rules (spec section 5), checked before any call; messages per field. */
export function validateContactForm(input: ContactMessageInput): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    if (!input[field].trim()) errors[field] = 'This field is required.';
  }
  if (!errors.email && !EMAIL.test(input.email.trim())) errors.email = 'Enter a valid email address.';
  return errors;
}
