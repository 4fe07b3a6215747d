import { type DocumentType, Faq, LegalDocument } from '@platform/contracts';
import { type ApiClient, ApiContractError, errorText } from '../../../lib/api-client.ts';

type FaqData = { faqs: Faq[]; error: null } | { faqs: null; error: string };

/** FAQs; 'No FAQs found.' when the answer is not a list, else 'Failed to load FAQs.' (section 8). */
export async function loadFaqs(api: ApiClient): Promise<FaqData> {
  try {
    return { faqs: await api.get('/pages/manage/faqs/', { schema: Faq.array() }), error: null };
  } catch (error) {
    const notAList = error instanceof ApiContractError && !Array.isArray(error.answer);
    return { faqs: null, error: notAList ? 'No FAQs found.' : 'Failed to load FAQs.' };
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
    const documents = await api.get('/pages/manage/documents/', {
      schema: LegalDocument.array(),
      query: { document_type: type },
    });
    const first = documents[0];
    return first ? { document: first, error: null } : { document: null, error: POLICY_TEXTS[type].missing };
  } catch (error) {
    return { document: null, error: errorText(error, POLICY_TEXTS[type].failed) };
  }
}
