import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client.ts';
import { loadFaqs, loadPolicy } from './pages.ts';

function apiAnswering(status: number, body: unknown) {
  return createApiClient({
    baseUrl: 'http://api.test/api',
    tenantToken: 'shop-1',
    fetch: async () => Response.json(body, { status }),
  });
}

describe('loadFaqs', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says 'No FAQs found.' for an answer that is not a list, and 'Failed to load FAQs.' for a list that breaks its contract", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loadFaqs(apiAnswering(200, { results: 'nope' }))).resolves.toEqual({
      faqs: null,
      error: 'No FAQs found.',
    });
    await expect(loadFaqs(apiAnswering(200, [{ question: 'Sharp?' }]))).resolves.toEqual({
      faqs: null,
      error: 'Failed to load FAQs.',
    });
    await expect(loadFaqs(apiAnswering(500, {}))).resolves.toEqual({ faqs: null, error: 'Failed to load FAQs.' });
  });
});

describe('loadPolicy', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the generic error of the policy when the answer breaks its contract, never its content', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loadPolicy(apiAnswering(200, { detail: 'Not a list.' }), 'refund_policy')).resolves.toEqual({
      document: null,
      error: 'Failed to load refund policy.',
    });
    await expect(loadPolicy(apiAnswering(200, []), 'privacy_policy')).resolves.toEqual({
      document: null,
      error: 'No privacy policy found.',
    });
  });
});
