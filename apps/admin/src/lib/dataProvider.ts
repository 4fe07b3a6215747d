// react-admin's dataProvider for the platform's administration API (`/api/admin/…`):
//   list    GET /admin/<resource>/?page=&page_size=&ordering=<field|-field>&search=<q>&<filter>=<value> → {count, results}
//   one     GET /admin/<resource>/<id>/
//   change  PATCH /admin/<resource>/<id>/ with the fields that changed
// Settings resources have one record and no id in their address (`GET`/`PATCH /admin/payment-settings/`): react-admin
// sees them with the id `SINGLETON_ID`. Order actions, notes, the CSV export and the dashboard are methods of their own.
import { AccountUser, NoContent, type OrderDocument, OrderDocumentList, SiteSettings } from '@platform/contracts';
import {
  AdminDashboard,
  AdminOrder,
  type CreateRefundBody,
  type OrderTransitionBody,
  RefundQuote,
  type RefundQuoteBody,
} from '@platform/contracts/admin';
import {
  AdminProduct,
  type AdminProductOptionsBody,
  type AdminProductVariantsBody,
  type AdminStockAdjustmentBody,
  AdminStockLedger,
} from '@platform/contracts/admin-catalog';
import {
  AdminContactMessageDetail,
  type AdminContactReplyBody,
  type AdminMediaPurpose,
  AdminMediaUpload,
} from '@platform/contracts/admin-content';
import { AdminProductBulkAnswer, type AdminProductBulkBody } from '@platform/contracts/admin-products';
import { ADMIN_RESOURCES, type AdminResourceContract, adminResource } from '@platform/contracts/admin-resources';
import { AdminReturn } from '@platform/contracts/admin-returns';
import { ProductImportJob, ProductImportReport } from '@platform/contracts/product-csv';
import { type SalesInterval, SalesReport } from '@platform/contracts/reports';
import type {
  DataProvider,
  GetListParams,
  GetListResult,
  Identifier,
  RaRecord,
  SortPayload,
  UpdateParams,
} from 'ra-core';
import { HttpError } from 'ra-core';
import type { Api, Download } from './api.ts';

/** The id react-admin gives the one record of a settings resource. */
export const SINGLETON_ID = 'current';
export const SINGLETON_RESOURCES = new Set(
  Object.entries(ADMIN_RESOURCES as Record<string, AdminResourceContract>)
    .filter(([, contract]) => contract.singleton)
    .map(([name]) => name),
);

/**
 * The contract of what a resource's call answers (`@platform/contracts/admin-resources`): its list's page, its record,
 * or what a change answers. A resource or an answer the contracts do not know is a mistake in the app.
 */
export function contractOf<K extends 'page' | 'record' | 'changed'>(
  resource: string,
  answer: K,
): NonNullable<AdminResourceContract[K extends 'changed' ? 'record' : K]> {
  const contract = adminResource(resource);
  const schema = answer === 'changed' ? (contract?.changed ?? contract?.record) : contract?.[answer];
  if (!schema) throw new Error(`The administration has no contract for the ${answer} of "${resource}".`);
  return schema as NonNullable<AdminResourceContract[K extends 'changed' ? 'record' : K]>;
}

/** What an import answers: the report of a dry run or of a short import, or the job of a long one. */
const ImportAnswer = ProductImportReport.or(ProductImportJob);

/** The filter that carries the free-text search (react-admin's `<SearchInput source="q">`). */
export const SEARCH_FILTER = 'q';

/** `GET /admin/dashboard/`. */
export type Dashboard = AdminDashboard;

/** What the administration shows of its shop: its name and logo (the public site settings). */
export interface ShopIdentity {
  name: string;
  /** The logo's address, or null when the shop has none. */
  logoUrl: string | null;
  /** The IANA time zone the shop's calendar runs in (its site settings'; UTC when it has none). */
  timeZone: string;
}

export interface AdminDataProvider extends DataProvider {
  /** `GET /pages/settings/public/`: the shop's name and logo, read without signing in (the sign-in page shows them). */
  getShopIdentity(options?: { signal?: AbortSignal }): Promise<ShopIdentity>;
  /** `GET /accounts/me/`: the signed-in member of staff, with the name their posts and comments are signed with. */
  getProfile(options?: { signal?: AbortSignal }): Promise<AccountUser>;
  /** `PATCH /accounts/me/`: changes the signed-in member's display name. */
  updateProfile(body: { display_name: string }): Promise<AccountUser>;
  /** `GET /admin/dashboard/`; `includeTest`: today's figures count test orders too (`include_test=true`). */
  getDashboard(options?: { signal?: AbortSignal; includeTest?: boolean }): Promise<Dashboard>;
  /** `GET /admin/reports/sales/?from=&to=&interval=`: the sales report of a range (days of the shop's calendar). */
  getSalesReport(
    query: { from: string; to: string; interval: SalesInterval },
    options?: { signal?: AbortSignal },
  ): Promise<SalesReport>;
  transitionOrder(id: Identifier, body: OrderTransitionBody): Promise<{ data: AdminOrder }>;
  addOrderNote(id: Identifier, body: { body: string }): Promise<{ data: AdminOrder }>;
  /** `POST /admin/contact-messages/{id}/replies/`: mails the reply to the message's sender; the message with its replies. */
  replyToContactMessage(id: Identifier, body: AdminContactReplyBody): Promise<AdminContactMessageDetail>;
  /** `POST /admin/orders/{id}/refunds/`, with the key that makes a retry answer the same refund. */
  refundOrder(id: Identifier, body: CreateRefundBody, idempotencyKey: string): Promise<{ data: AdminOrder }>;
  /** `POST /admin/returns/{id}/receive/` or `…/reject/`: what came back, or why it is rejected. */
  returnAction(id: Identifier, action: 'receive' | 'reject', body: unknown): Promise<{ data: AdminReturn }>;
  /** `POST /admin/orders/{id}/refunds/quote/`: what refunding these lines gives back, refunding nothing. */
  quoteRefund(id: Identifier, body: RefundQuoteBody, options?: { signal?: AbortSignal }): Promise<RefundQuote>;
  exportOrders(params: { filter: Record<string, unknown>; sort?: SortPayload | undefined }): Promise<Download>;
  /** An order's invoices and credit notes, as issued. */
  getOrderDocuments(orderId: Identifier, options?: { signal?: AbortSignal }): Promise<OrderDocument[]>;
  /** An order's document (by id), packing slip or customs declaration, as PDF. */
  downloadOrderDocument(orderId: Identifier, which: number | 'packing-slip' | 'customs-declaration'): Promise<Download>;
  /** `POST /admin/products/bulk/`: one action on many products; each id's outcome. */
  bulkEditProducts(body: AdminProductBulkBody): Promise<AdminProductBulkAnswer>;
  /**
   * `POST /admin/media/` (multipart: `image`, `purpose`): a picture for a media field (its key goes into the field)
   * or for a product (its id goes into the product's `images`).
   */
  uploadMedia(file: File, purpose: AdminMediaPurpose): Promise<AdminMediaUpload>;
  getStockLedger(productId: Identifier, options?: { signal?: AbortSignal }): Promise<AdminStockLedger>;
  adjustStock(productId: Identifier, body: AdminStockAdjustmentBody): Promise<AdminStockLedger>;
  /** `PUT /admin/products/{id}/options/`: the option types and personalisation fields; the variants are generated. */
  setProductOptions(productId: Identifier, body: AdminProductOptionsBody): Promise<AdminProduct>;
  /** `PATCH /admin/products/{id}/variants/`: the variant grid's save. */
  updateProductVariants(productId: Identifier, body: AdminProductVariantsBody): Promise<AdminProduct>;
  /** `GET /admin/products/export/`: the products of the list's filters and sort as CSV. */
  exportProducts(params: { filter: Record<string, unknown>; sort?: SortPayload | undefined }): Promise<Download>;
  /**
   * `POST /admin/products/import/` (multipart: `file`): the report of a dry run, or of the real run. A real run with
   * errors fails with an `HttpError` whose body is the report. A checked real run is a job, followed here
   * (`GET /admin/products/import/jobs/{id}/`, `onProgress` with its rows written so far) to its report; a job that
   * stopped part-way fails with an `HttpError` saying why and which rows it applied (the job as its body).
   */
  importProducts(
    file: File,
    options: { dryRun: boolean; onProgress?: (done: number, total: number) => void },
  ): Promise<ProductImportReport>;
}

/** How often a running import is asked for its progress. */
const IMPORT_POLL_MS = 1000;

/** Row numbers as ranges a person reads: "2-26, 30". */
export function rowRanges(rows: number[]): string {
  const ranges: string[] = [];
  const sorted = [...rows].sort((a, b) => a - b);
  for (let index = 0; index < sorted.length; index++) {
    const start = sorted[index] as number;
    let end = start;
    while (sorted[index + 1] === end + 1) end = sorted[++index] as number;
    ranges.push(end === start ? String(start) : `${start}-${end}`);
  }
  return ranges.join(', ');
}

/** `ordering` for a sort: `field` ascending, `-field` descending; none without a field. */
export function orderingOf(sort: SortPayload | undefined): string | null {
  if (!sort?.field) return null;
  return sort.order === 'DESC' ? `-${sort.field}` : sort.field;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The filters of a list as query parameters: `q` becomes `search`, empty values are left out, lists repeat. */
export function appendFilters(query: URLSearchParams, filter: Record<string, unknown> | undefined): URLSearchParams {
  for (const [name, value] of Object.entries(filter ?? {})) {
    if (isEmpty(value)) continue;
    const key = name === SEARCH_FILTER ? 'search' : name;
    if (key === 'search') {
      const text = String(value).trim();
      if (text) query.set(key, text);
      continue;
    }
    for (const item of [value].flat()) {
      if (!isEmpty(item)) query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return query;
}

/** The query of a list page: `page`, `page_size`, `ordering`, `search` and the filters. */
export function listQuery(params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>): URLSearchParams {
  const query = new URLSearchParams();
  if (params.pagination) {
    query.set('page', String(params.pagination.page));
    query.set('page_size', String(params.pagination.perPage));
  }
  const ordering = orderingOf(params.sort);
  if (ordering) query.set('ordering', ordering);
  return appendFilters(query, params.filter);
}

export function collectionPath(resource: string): string {
  return `/admin/${encodeURIComponent(resource)}/`;
}

export function recordPath(resource: string, id: Identifier): string {
  if (SINGLETON_RESOURCES.has(resource)) return collectionPath(resource);
  return `${collectionPath(resource)}${encodeURIComponent(String(id))}/`;
}

/** A record as react-admin needs it: settings get their fixed id. */
function asRecord(resource: string, data: unknown): RaRecord {
  const record = data as RaRecord;
  return SINGLETON_RESOURCES.has(resource) ? { ...record, id: SINGLETON_ID } : record;
}

/** Fields react-admin adds or the API answers but never takes back. */
const READ_ONLY_FIELDS = new Set([
  'id',
  'card_secret_key_set',
  'created_at',
  'updated_at',
  'main_image',
  'review_count',
  'product_count',
  'comment_count',
  'author',
  'featured_image_url',
  'favicon_url',
  'logo_url',
  'hero_image_url',
  'story_image_url',
  'is_saved',
  'shop_currency',
  'fetched_at',
  'fetch_error',
  'category_age_restricted',
  'country_name',
]);

/** Fields whose emptiness is `null` on the wire (a price that may be none), never an empty text. */
const NULLABLE_FIELDS = new Set(['price_before_discount']);

/**
 * The body of a change: the fields that differ from the record as it was read (all of them without it), never the
 * read-only ones; a write-only secret left empty means "unchanged" and is not sent.
 */
export function changedFields(params: {
  data: UpdateParams['data'];
  previousData?: UpdateParams['previousData'];
}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const previous = (params.previousData ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(params.data as Record<string, unknown>)) {
    if (READ_ONLY_FIELDS.has(field) || value === undefined) continue;
    if (field === 'card_secret_key') {
      if (typeof value === 'string' && value.trim() !== '') body[field] = value.trim();
      continue;
    }
    if (params.previousData && JSON.stringify(previous[field]) === JSON.stringify(value)) continue;
    body[field] = value === null && typeof previous[field] === 'string' && !NULLABLE_FIELDS.has(field) ? '' : value;
  }
  return body;
}

/** The body of a creation: the fields given, never the read-only ones nor those left empty (the API's defaults). */
export function creationFields(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (READ_ONLY_FIELDS.has(field) || value === undefined || value === null) continue;
    body[field] = value;
  }
  return body;
}

/** Resources whose lists of items are replaced whole on write: their items' ids are the server's, never sent back. */
const REPLACED_LISTS = new Set(['contact-info']);

/** A write body without the ids of list items (each list given replaces the old one). */
export function withoutItemIds(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => [
      field,
      Array.isArray(value)
        ? value.map((item) => {
            if (typeof item !== 'object' || item === null) return item;
            const { id: _id, ...rest } = item as Record<string, unknown>;
            return rest;
          })
        : value,
    ]),
  );
}

export function createDataProvider(api: Api): AdminDataProvider {
  const getList = async <RecordType extends RaRecord>(
    resource: string,
    params: GetListParams,
  ): Promise<GetListResult<RecordType>> => {
    const page = await api.request(collectionPath(resource), contractOf(resource, 'page'), {
      query: listQuery(params),
      signal: params.signal,
    });
    return { data: page.results as RecordType[], total: page.count };
  };

  const getOne = async (resource: string, id: Identifier, signal?: AbortSignal) =>
    asRecord(resource, await api.request(recordPath(resource, id), contractOf(resource, 'record'), { signal }));

  const orderAction = async (id: Identifier, action: 'transition' | 'notes', body: unknown) => ({
    data: await api.request(`${recordPath('orders', id)}${action}/`, AdminOrder, { method: 'POST', body }),
  });

  const returnAction = async (id: Identifier, action: 'receive' | 'reject', body: unknown) => ({
    data: await api.request(`${recordPath('returns', id)}${action}/`, AdminReturn, { method: 'POST', body }),
  });

  return {
    returnAction,
    getList,
    getOne: async (resource, params) => ({ data: (await getOne(resource, params.id, params.signal)) as never }),
    getMany: async (resource, params) => ({
      data: (await Promise.all(params.ids.map((id) => getOne(resource, id, params.signal)))) as never[],
    }),
    getManyReference: (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
    update: async (resource, params) => {
      const answer = await api.request(recordPath(resource, params.id), contractOf(resource, 'changed'), {
        method: 'PATCH',
        body: REPLACED_LISTS.has(resource) ? withoutItemIds(changedFields(params)) : changedFields(params),
      });
      return { data: asRecord(resource, answer) as never };
    },
    updateMany: async (resource, params) => {
      await Promise.all(
        params.ids.map((id) =>
          api.request(recordPath(resource, id), contractOf(resource, 'changed'), {
            method: 'PATCH',
            body: params.data,
          }),
        ),
      );
      return { data: params.ids };
    },
    create: async (resource, params) => ({
      data: (await api.request(collectionPath(resource), contractOf(resource, 'record'), {
        method: 'POST',
        body: creationFields(params.data),
      })) as never,
    }),
    delete: async (resource, params) => {
      await api.request(recordPath(resource, params.id), NoContent, { method: 'DELETE' });
      return { data: params.previousData as never };
    },
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => api.request(recordPath(resource, id), NoContent, { method: 'DELETE' })));
      return { data: params.ids };
    },
    supportAbortSignal: true,

    getShopIdentity: async (options = {}) => {
      const settings = await api.request('/pages/settings/public/', SiteSettings, {
        auth: false,
        signal: options.signal,
      });
      return {
        name: settings.site_title.trim(),
        logoUrl: settings.logo.trim() || null,
        timeZone: settings.time_zone || 'UTC',
      };
    },
    getProfile: (options = {}) => api.request('/accounts/me/', AccountUser, { signal: options.signal }),
    updateProfile: (body) => api.request('/accounts/me/', AccountUser, { method: 'PATCH', body }),
    getDashboard: (options = {}) =>
      api.request(`/admin/dashboard/${options.includeTest ? '?include_test=true' : ''}`, AdminDashboard, {
        signal: options.signal,
      }),
    getSalesReport: (query, options = {}) =>
      api.request(`/admin/reports/sales/?${new URLSearchParams(query)}`, SalesReport, { signal: options.signal }),
    transitionOrder: (id, body) => orderAction(id, 'transition', body),
    addOrderNote: (id, body) => orderAction(id, 'notes', body),
    replyToContactMessage: (id, body) =>
      api.request(`${recordPath('contact-messages', id)}replies/`, AdminContactMessageDetail, { method: 'POST', body }),
    refundOrder: async (id, body, idempotencyKey) => ({
      data: await api.request(`${recordPath('orders', id)}refunds/`, AdminOrder, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    }),
    quoteRefund: (id, body, options = {}) =>
      api.request(`${recordPath('orders', id)}refunds/quote/`, RefundQuote, {
        method: 'POST',
        body,
        signal: options.signal,
      }),
    bulkEditProducts: (body) =>
      api.request(`${collectionPath('products')}bulk/`, AdminProductBulkAnswer, { method: 'POST', body }),
    uploadMedia: (file, purpose) => {
      const form = new FormData();
      form.append('purpose', purpose);
      form.append('image', file, file.name);
      return api.request('/admin/media/', AdminMediaUpload, { method: 'POST', body: form });
    },
    getStockLedger: (productId, options = {}) =>
      api.request(`${recordPath('products', productId)}stock/`, AdminStockLedger, { signal: options.signal }),
    adjustStock: (productId, body) =>
      api.request(`${recordPath('products', productId)}stock/`, AdminStockLedger, { method: 'POST', body }),
    setProductOptions: (productId, body) =>
      api.request(`${recordPath('products', productId)}options/`, AdminProduct, { method: 'PUT', body }),
    updateProductVariants: (productId, body) =>
      api.request(`${recordPath('products', productId)}variants/`, AdminProduct, { method: 'PATCH', body }),
    getOrderDocuments: (orderId, options = {}) =>
      api.request(`${recordPath('orders', orderId)}documents/`, OrderDocumentList, { signal: options.signal }),
    downloadOrderDocument: (orderId, which) =>
      api.download(
        typeof which === 'string'
          ? `${recordPath('orders', orderId)}${which}/`
          : `${recordPath('orders', orderId)}documents/${encodeURIComponent(String(which))}/`,
      ),
    exportOrders: ({ filter, sort }) => {
      const query = new URLSearchParams();
      const ordering = orderingOf(sort);
      if (ordering) query.set('ordering', ordering);
      return api.download('/admin/orders/export/', { query: appendFilters(query, filter) });
    },
    exportProducts: ({ filter, sort }) => {
      const query = new URLSearchParams();
      const ordering = orderingOf(sort);
      if (ordering) query.set('ordering', ordering);
      return api.download('/admin/products/export/', { query: appendFilters(query, filter) });
    },
    importProducts: async (file, { dryRun, onProgress }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      let answer: ProductImportReport | ProductImportJob = await api.request('/admin/products/import/', ImportAnswer, {
        method: 'POST',
        body: form,
        ...(dryRun ? { query: new URLSearchParams({ dry_run: 'true' }) } : {}),
      });
      if (!('status' in answer)) return answer;
      while (answer.status === 'running') {
        onProgress?.(answer.rows_done, answer.rows);
        await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
        answer = await api.request(`/admin/products/import/jobs/${answer.id}/`, ProductImportJob);
      }
      if (answer.status === 'failed' || !answer.report) {
        const applied = answer.applied_rows.length;
        throw new HttpError(
          `${answer.failure ?? 'The import stopped.'} ${applied} of ${answer.rows} rows were applied` +
            (applied > 0 ? ` (rows ${rowRanges(answer.applied_rows)}).` : '.'),
          409,
          answer,
        );
      }
      onProgress?.(answer.rows_done, answer.rows);
      return answer.report;
    },
  };
}
