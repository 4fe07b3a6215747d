import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from './api.ts';
import { createDataProvider } from './dataProvider.ts';
import { createSessionStore, SESSION_KEYS } from './session.ts';
import { fakeFetch, jwt, memoryStorage, type RecordedCall } from './testing.ts';

const NOW = 1_800_000_000_000;
const ACCESS = jwt(NOW / 1000 + 900);

function provider(answer: (call: RecordedCall) => Response | Promise<Response>) {
  const session = createSessionStore(memoryStorage({ [SESSION_KEYS.access]: ACCESS, [SESSION_KEYS.refresh]: 'r' }));
  const http = fakeFetch(answer);
  const api = createApi({ tenantToken: 'khukuri-demo', session, fetch: http.fetch, now: () => NOW });
  return { dataProvider: createDataProvider(api), calls: http.calls };
}

const REPORT = { dry_run: true, created: 1, updated: 0, unchanged: 0, errors: 0, rows: [] };

describe('the product CSV', () => {
  it("exports the list's filters and sort", async () => {
    const { dataProvider, calls } = provider(
      () =>
        new Response('slug\nkukri\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="products.csv"' },
        }),
    );
    const file = await dataProvider.exportProducts({
      filter: { q: 'kukri', is_active: true },
      sort: { field: 'price', order: 'DESC' },
    });
    expect(file.filename).toBe('products.csv');
    expect(calls[0]?.url.pathname).toBe('/api/admin/products/export/');
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
      ordering: '-price',
      search: 'kukri',
      is_active: 'true',
    });
  });

  it('sends the file as multipart, asking for a dry run or the real run', async () => {
    const { dataProvider, calls } = provider(() => Response.json(REPORT));
    const file = new File(['slug\nkukri\n'], 'edited.csv', { type: 'text/csv' });
    await expect(dataProvider.importProducts(file, { dryRun: true })).resolves.toEqual(REPORT);
    await dataProvider.importProducts(file, { dryRun: false });
    expect(calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([
      'POST /api/admin/products/import/?dry_run=true',
      'POST /api/admin/products/import/',
    ]);
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('fails a real run with errors with the report as the error body', async () => {
    const rejected = { ...REPORT, dry_run: false, errors: 1 };
    const { dataProvider } = provider(() => Response.json(rejected, { status: 400 }));
    const error = await dataProvider
      .importProducts(new File(['slug\n'], 'a.csv'), { dryRun: false })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toEqual(rejected);
  });

  it("follows a real run's job to its report, telling its progress", async () => {
    vi.useFakeTimers();
    try {
      const job = { id: 7, status: 'running', rows: 50, rows_done: 0, applied_rows: [], failure: null, report: null };
      const reads = [
        { ...job, rows_done: 25 },
        { ...job, status: 'done', rows_done: 50, report: { ...REPORT, dry_run: false } },
      ];
      const { dataProvider, calls } = provider((call) =>
        call.method === 'POST' ? Response.json(job, { status: 202 }) : Response.json(reads.shift()),
      );
      const progress: string[] = [];
      const imported = dataProvider.importProducts(new File(['slug\n'], 'a.csv'), {
        dryRun: false,
        onProgress: (done, total) => progress.push(`${done}/${total}`),
      });
      await vi.runAllTimersAsync();
      await expect(imported).resolves.toEqual({ ...REPORT, dry_run: false });
      expect(progress).toEqual(['0/50', '25/50', '50/50']);
      expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
        'POST /api/admin/products/import/',
        'GET /api/admin/products/import/jobs/7/',
        'GET /api/admin/products/import/jobs/7/',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails a job that stopped part-way, saying why and which rows it applied', async () => {
    const stopped = {
      id: 8,
      status: 'failed',
      rows: 60,
      rows_done: 26,
      applied_rows: [...Array.from({ length: 25 }, (_, index) => index + 2), 40],
      failure: 'Row 41 (kukri) changed in the shop during the import: category: No category has the slug "x".',
      report: null,
    };
    const { dataProvider } = provider(() => Response.json(stopped, { status: 202 }));
    const error = await dataProvider
      .importProducts(new File(['slug\n'], 'a.csv'), { dryRun: false })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(`${stopped.failure} 26 of 60 rows were applied (rows 2-26, 40).`);
  });
});
