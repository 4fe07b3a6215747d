import type { DocumentType, Faq, LegalDocument } from '@platform/contracts';
import { type ApiClient, errorText } from '../../../lib/api-client.ts';

export type FaqData = { faqs: Faq[]; error: null } | { faqs: null; error: string };

/** FAQs; 'No FAQs found.' when the answer is not a list, else 'Failed to load FAQs.' (section 8). */
export async function loadFaqs(api: ApiClient): Promise<FaqData> {
  try {
    const answer = await api.get<unknown>('/pages/manage/faqs/');
    if (!Array.isArray(answer)) return { faqs: null, error: 'No FAQs found.' };
    return { faqs: answer as Faq[], error: null };
  } catch {
    return { faqs: null, error: 'Failed to load FAQs.' };
  }
}

const POLICY_TEXTS: Record<DocumentType, { missing: string; failed: string }> = {
  refund_policy: { missing: 'No refund policy found.', failed: 'Failed to load refund policy.' },
  privacy_policy: { missing: 'No privacy policy found.', failed: 'Failed to load privacy policy.' },
};

export type PolicyData = { document: LegalDocument; error: null } | { document: null; error: string };

/** The first document of a type (section 3); errors as section 8. */
export async function loadPolicy(api: ApiClient, type: DocumentType): Promise<PolicyData> {
  try {
    const documents = await api.get<LegalDocument[]>('/pages/manage/documents/', { query: { document_type: type } });
    const first = Array.isArray(documents) ? documents[0] : undefined;
    return first ? { document: first, error: null } : { document: null, error: POLICY_TEXTS[type].missing };
  } catch (error) {
    return { document: null, error: errorText(error, POLICY_TEXTS[type].failed) };
  }
}
