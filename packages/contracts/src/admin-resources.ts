// The contract of every resource the administration app (react-admin) lists and opens, by its name in the app and in
// the API's address (`/api/admin/<name>/`): what a list answers (`page`: `{count, results}`), what one record answers
// (`record`: `GET …/<id>/`, or the resource itself for a settings resource), and what a change answers where that
// differs (`changed`). The app checks every answer it reads against it (apps/admin/src/lib/api.ts), as the storefront
// does; the API's admin-surface test reads the API's answers against it.
import {
  AdminAbandonedCartPage,
  AdminCustomer,
  AdminCustomerPage,
  AdminOrder,
  AdminOrderPage,
  AdminPaymentSettings,
  AdminStaffMember,
  AdminStaffPage,
  AdminStockAlertDemandPage,
  AuditPage,
  MailSettings,
} from './admin.ts';
import {
  AdminCategory,
  AdminCategoryPage,
  AdminProduct,
  AdminProductPage,
  AdminReview,
  AdminReviewPage,
  AdminShippingRestriction,
  AdminShippingRestrictionPage,
  AdminSynonymGroup,
  AdminSynonymPage,
} from './admin-catalog.ts';
import {
  AdminBlogSettings,
  AdminComment,
  AdminCommentPage,
  AdminContactInfo,
  AdminContactMessage,
  AdminContactMessageDetail,
  AdminContactMessagePage,
  AdminDocument,
  AdminDocumentPage,
  AdminFaq,
  AdminFaqPage,
  AdminHomePage,
  AdminPost,
  AdminPostPage,
  AdminSiteSettings,
} from './admin-content.ts';
import { AdminCurrencySettings } from './admin-currencies.ts';
import { AdminDiscount, AdminDiscountPage } from './admin-discounts.ts';
import { AdminReturn, AdminReturnPage } from './admin-returns.ts';
import { AdminTaxRate, AdminTaxRatePage, AdminTaxSettings } from './admin-tax.ts';
import type { AnswerSchema } from './answers.ts';
import { AdminShippingZone, AdminShippingZonePage } from './shipping.ts';

/** What the administration reads of one resource. */
export interface AdminResourceContract {
  /** `GET /admin/<name>/` of a collection: a page of its rows. */
  page?: AnswerSchema<{ count: number; results: { id: number | string }[] }>;
  /** One record: `GET`, and the answer of its creation and change unless `changed` says otherwise. */
  record?: AnswerSchema<object>;
  /** What a change (`PATCH`) answers, where it is not the record as `GET` answers it. */
  changed?: AnswerSchema<object>;
  /** A resource with one record and no id in its address (the shop's settings). */
  singleton?: true;
}

export const ADMIN_RESOURCES = {
  orders: { page: AdminOrderPage, record: AdminOrder },
  products: { page: AdminProductPage, record: AdminProduct },
  categories: { page: AdminCategoryPage, record: AdminCategory },
  // Reviews and comments are changed from their list (approved, hidden), never opened alone.
  reviews: { page: AdminReviewPage, changed: AdminReview },
  synonyms: { page: AdminSynonymPage, record: AdminSynonymGroup },
  concepts: { page: AdminSynonymPage, record: AdminSynonymGroup },
  'shipping-zones': { page: AdminShippingZonePage, record: AdminShippingZone },
  'shipping-restrictions': { page: AdminShippingRestrictionPage, record: AdminShippingRestriction },
  'tax-rates': { page: AdminTaxRatePage, record: AdminTaxRate },
  discounts: { page: AdminDiscountPage, record: AdminDiscount },
  returns: { page: AdminReturnPage, record: AdminReturn },
  customers: { page: AdminCustomerPage, record: AdminCustomer },
  staff: { page: AdminStaffPage, record: AdminStaffMember },
  posts: { page: AdminPostPage, record: AdminPost },
  comments: { page: AdminCommentPage, changed: AdminComment },
  faqs: { page: AdminFaqPage, record: AdminFaq },
  documents: { page: AdminDocumentPage, record: AdminDocument },
  'contact-messages': {
    page: AdminContactMessagePage,
    record: AdminContactMessageDetail,
    changed: AdminContactMessage,
  },
  'abandoned-carts': { page: AdminAbandonedCartPage },
  'stock-alerts': { page: AdminStockAlertDemandPage },
  'audit-log': { page: AuditPage },
  'payment-settings': { record: AdminPaymentSettings, singleton: true },
  'mail-settings': { record: MailSettings, singleton: true },
  'blog-settings': { record: AdminBlogSettings, singleton: true },
  'site-settings': { record: AdminSiteSettings, singleton: true },
  'home-page': { record: AdminHomePage, singleton: true },
  'contact-info': { record: AdminContactInfo, singleton: true },
  'tax-settings': { record: AdminTaxSettings, singleton: true },
  'currency-settings': { record: AdminCurrencySettings, singleton: true },
} satisfies Record<string, AdminResourceContract>;

export type AdminResourceName = keyof typeof ADMIN_RESOURCES;

/** The contract of a resource the administration names, or null for a name it does not have. */
export function adminResource(name: string): AdminResourceContract | null {
  const contracts: Record<string, AdminResourceContract> = ADMIN_RESOURCES;
  return Object.hasOwn(contracts, name) ? (contracts[name] ?? null) : null;
}
