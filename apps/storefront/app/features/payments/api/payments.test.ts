import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiContractError, createApiClient, RuleError } from '../../../lib/api-client.ts';
import { fetchPaymentStatus } from './payments.ts';

const UUID = '0b9d7c4e-3f1a-4c2b-9d8e-7a6b5c4d3e2f';

const record = {
  status: 'succeeded',
  order_identifier: '1007',
  gateway_transaction_ref: 'TX-42',
  amount: '85.00',
  currency: 'USD',
  error_message: null,
  order_id: 7,
};

function apiAnswering(status: number, body: unknown) {
  const paths: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://shop.test/api',
    tenantToken: 'shop-1',
    fetch: async (input) => {
      paths.push(new URL(String(input)).pathname);
      return Response.json(body, { status });
    },
  });
  return { api, paths };
}

describe('fetchPaymentStatus', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the status record of the payment', async () => {
    const { api, paths } = apiAnswering(200, record);
    await expect(fetchPaymentStatus(api, UUID)).resolves.toEqual(record);
    expect(paths).toEqual([`/api/payments/history/${UUID}/`]);
  });

  it("refuses an empty id without a call: 'Payment UUID is required to check status.'", async () => {
    const { api, paths } = apiAnswering(200, record);
    for (const uuid of ['', '  ']) {
      const failure = await fetchPaymentStatus(api, uuid).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RuleError);
      expect((failure as Error).message).toBe('Payment UUID is required to check status.');
    }
    expect(paths).toEqual([]);
  });

  it('reads a status it does not know, and fails on an answer that breaks the contract', async () => {
    await expect(fetchPaymentStatus(apiAnswering(200, { ...record, status: 'refunded' }).api, UUID)).resolves.toEqual({
      ...record,
      status: 'refunded',
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(fetchPaymentStatus(apiAnswering(200, { status: 'succeeded' }).api, UUID)).rejects.toBeInstanceOf(
      ApiContractError,
    );
  });
});
