// The content administration (`/api/admin/…`): blog posts and comments, FAQs and legal documents, the site settings,
// the contact information and the contact messages, as staff read and write them. Write bodies are strict
// allowlists: an unknown field (`id`, `tenant_id`, `author`…) is refused.
import './browser.ts';
import { z } from 'zod';
import { AdminListQuery, adminOrdering, adminPage } from './admin.ts';
import { DocumentType, SOCIAL_PLATFORMS } from './content.ts';
import { CountryCode } from './countries.ts';
import { ItemParams, QueryRowId as QueryId, RowId } from './ids.ts';
import { HOME_FEATURED_LIMIT, HomeFeaturedSource, isLocale, isTimeZone } from './settings.ts';

const MEDIA_KEY_PATTERN = /^[a-z0-9][a-z0-9._/-]*$/i;

/** A stored media file's key (e.g. `t1/blog/cover.webp`), or '' for none. */
export const MediaKeyInput = z.union([
  z.literal(''),
  z
    .string()
    .max(300)
    .regex(MEDIA_KEY_PATTERN, { error: 'Not a valid media key.' })
    .refine((key) => !key.includes('..') && !key.includes('//'), { error: 'Not a valid media key.' }),
]);

/** `true`/`false` in a query string. */
const QueryBoolean = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((value) => value === 'true' || value === 'True' || value === '1');

// ── Blog ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A post's state for staff: `scheduled` is published with a publication time still to come. */
export const AdminPostStatus = z.enum(['draft', 'published', 'scheduled']);
export type AdminPostStatus = z.infer<typeof AdminPostStatus>;

export const AdminPost = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  featured_image: z.string(),
  featured_image_url: z.string().nullable(),
  status: AdminPostStatus,
  published_at: z.string().nullable(),
  author: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  comment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPost = z.infer<typeof AdminPost>;
export const AdminPostPage = adminPage(AdminPost);

export const AdminPostListQuery = AdminListQuery.extend({
  status: AdminPostStatus.optional(),
  ordering: adminOrdering('published_at', 'title', 'created_at'),
});
export type AdminPostListQuery = z.infer<typeof AdminPostListQuery>;

export const POST_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const postFields = {
  title: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .trim()
    .max(200)
    .regex(POST_SLUG_PATTERN, { error: 'Use lowercase letters, digits and single hyphens.' }),
  excerpt: z.string().trim().max(1000),
  /** Rich text: sanitized on write. */
  content: z.string().max(200_000),
  status: z.enum(['draft', 'published']),
  /** When the post appears; a future time schedules it. Publishing without a time publishes now. */
  published_at: z.iso.datetime({ offset: true }).nullable(),
  featured_image: MediaKeyInput,
};

/** `POST /admin/posts/`: the title is required; without a slug, one is derived from the title, unique in the shop. */
export const AdminPostCreateBody = z.object(postFields).partial().required({ title: true }).strict();
export type AdminPostCreateBody = z.infer<typeof AdminPostCreateBody>;

/** `PATCH /admin/posts/{id}/`: fields left out keep their value. */
export const AdminPostUpdateBody = z.object(postFields).partial().strict();
export type AdminPostUpdateBody = z.infer<typeof AdminPostUpdateBody>;

export const AdminComment = z.object({
  id: z.number().int(),
  post: z.number().int(),
  post_title: z.string(),
  parent: z.number().int().nullable(),
  content: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }),
  is_approved: z.boolean(),
  created_at: z.string(),
});
export type AdminComment = z.infer<typeof AdminComment>;
export const AdminCommentPage = adminPage(AdminComment);

/** `GET /admin/comments/`: newest first; filtered by post and approval, searched in the text. */
export const AdminCommentListQuery = AdminListQuery.extend({
  post: QueryId.optional(),
  is_approved: QueryBoolean.optional(),
  ordering: adminOrdering('created_at'),
});
export type AdminCommentListQuery = z.infer<typeof AdminCommentListQuery>;

/** `PATCH /admin/comments/{id}/`: approve (`true`) or reject (`false`) a comment. */
export const AdminCommentUpdateBody = z.object({ is_approved: z.boolean() }).strict();
export type AdminCommentUpdateBody = z.infer<typeof AdminCommentUpdateBody>;

/** `GET/PATCH /admin/blog-settings/`: when on, new comments wait for approval. */
export const AdminBlogSettings = z.object({ moderate_comments: z.boolean() });
export type AdminBlogSettings = z.infer<typeof AdminBlogSettings>;
export const AdminBlogSettingsBody = AdminBlogSettings.strict();

// ── FAQs and legal documents ─────────────────────────────────────────────────────────────────────────────────────

export const AdminFaq = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  order: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type AdminFaq = z.infer<typeof AdminFaq>;
export const AdminFaqPage = adminPage(AdminFaq);

/** `GET /admin/faqs/`: in the FAQ page's order (`order`) unless asked otherwise; searched in the question. */
export const AdminFaqListQuery = AdminListQuery.extend({ ordering: adminOrdering('order') });
export type AdminFaqListQuery = z.infer<typeof AdminFaqListQuery>;

const faqFields = {
  question: z.string().trim().min(1).max(500),
  /** Rich text: sanitized on write. */
  answer: z.string().max(50_000),
  order: z.number().int().min(0).max(1_000_000),
  is_active: z.boolean(),
};
export const AdminFaqCreateBody = z.object(faqFields).partial().required({ question: true }).strict();
export type AdminFaqCreateBody = z.infer<typeof AdminFaqCreateBody>;
export const AdminFaqUpdateBody = z.object(faqFields).partial().strict();
export type AdminFaqUpdateBody = z.infer<typeof AdminFaqUpdateBody>;

export const AdminDocument = z.object({
  id: z.number().int(),
  document_type: DocumentType,
  title: z.string(),
  content: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminDocument = z.infer<typeof AdminDocument>;
export const AdminDocumentPage = adminPage(AdminDocument);

export const AdminDocumentListQuery = AdminListQuery.extend({
  document_type: DocumentType.optional(),
  ordering: adminOrdering('updated_at'),
});
export type AdminDocumentListQuery = z.infer<typeof AdminDocumentListQuery>;

const documentFields = {
  document_type: DocumentType,
  title: z.string().trim().max(200),
  /** Rich text: sanitized on write. */
  content: z.string().max(200_000),
  is_active: z.boolean(),
};
export const AdminDocumentCreateBody = z.object(documentFields).partial().required({ document_type: true }).strict();
export type AdminDocumentCreateBody = z.infer<typeof AdminDocumentCreateBody>;
export const AdminDocumentUpdateBody = z.object(documentFields).partial().strict();
export type AdminDocumentUpdateBody = z.infer<typeof AdminDocumentUpdateBody>;

// ── Site settings ────────────────────────────────────────────────────────────────────────────────────────────────

export const AdminCoreValue = z.object({ name: z.string(), description: z.string() });

/** The site settings as staff edit them: media as keys (with their URLs), the company information in full. */
export const AdminSiteSettings = z.object({
  site_title: z.string(),
  site_description: z.string(),
  favicon: z.string(),
  favicon_url: z.string(),
  logo: z.string(),
  logo_url: z.string(),
  theme_name: z.string(),
  google_analytics_id: z.string(),
  contact_email: z.string(),
  social_media_links: z.string(),
  tagline: z.string(),
  history_summary: z.string(),
  mission_statement: z.string(),
  vision_statement: z.string(),
  core_values: z.array(AdminCoreValue),
  locale: z.string(),
  time_zone: z.string(),
  /** The seller on the shop's invoices and credit notes: its legal name, postal address (lines) and tax number. */
  legal_name: z.string(),
  legal_address: z.string(),
  tax_number: z.string(),
  /**
   * Selling abroad (issue 48): the shop's country (ISO code; '' unset), from which an order to another leaves it; its
   * notice of import duties at checkout ('' the platform's); the age an age-restricted order's buyer confirms; and
   * whether the courier takes an adult's signature for such an order (printed on its packing slip).
   */
  country: z.string(),
  duties_notice: z.string(),
  adult_age: z.number().int(),
  adult_signature: z.boolean(),
});
export type AdminSiteSettings = z.infer<typeof AdminSiteSettings>;

/** `PATCH /admin/site-settings/`: fields left out keep their value; `core_values`, when given, replaces the list. */
export const AdminSiteSettingsBody = z
  .object({
    site_title: z.string().trim().max(200),
    site_description: z.string().trim().max(1000),
    favicon: MediaKeyInput,
    logo: MediaKeyInput,
    theme_name: z.string().trim().max(100),
    google_analytics_id: z.union([
      z.literal(''),
      z.string().regex(/^(G|UA|GT|AW)-[A-Z0-9-]{2,30}$/, { error: 'Not a valid analytics id.' }),
    ]),
    contact_email: z.union([z.literal(''), z.email().max(254)]),
    social_media_links: z.string().max(2000),
    tagline: z.string().trim().max(300),
    history_summary: z.string().max(5000),
    mission_statement: z.string().max(2000),
    vision_statement: z.string().max(2000),
    core_values: z
      .array(z.object({ name: z.string().trim().min(1).max(100), description: z.string().trim().max(1000) }).strict())
      .max(50),
    locale: z.string().trim().max(35).refine(isLocale, { error: 'Not a locale this platform knows (e.g. en-US).' }),
    time_zone: z
      .string()
      .trim()
      .max(64)
      .refine(isTimeZone, { error: 'Not a time zone this platform knows (e.g. Asia/Kathmandu).' }),
    legal_name: z.string().trim().max(200),
    legal_address: z.string().trim().max(500),
    tax_number: z.string().trim().max(50),
    country: z.union([z.literal(''), CountryCode]),
    duties_notice: z.string().trim().max(500),
    adult_age: z.number().int().min(16).max(25),
    adult_signature: z.boolean(),
  })
  .partial()
  .strict();
export type AdminSiteSettingsBody = z.infer<typeof AdminSiteSettingsBody>;

// ── Home page ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The home page as the owner edits it: pictures as media keys (with their URLs), the rich texts as HTML. */
export const AdminHomePage = z.object({
  hero_eyebrow: z.string(),
  hero_title: z.string(),
  hero_intro: z.string(),
  hero_image: z.string(),
  hero_image_url: z.string(),
  hero_image_alt: z.string(),
  story_heading: z.string(),
  story_text: z.string(),
  story_image: z.string(),
  story_image_url: z.string(),
  story_image_alt: z.string(),
  featured_heading: z.string(),
  featured_source: HomeFeaturedSource,
  featured_category: z.number().int().nullable(),
  featured_products: z.array(z.number().int()),
  /** False until the owner first saves it: the page shows defaults made from the shop's name. */
  is_saved: z.boolean(),
});
export type AdminHomePage = z.infer<typeof AdminHomePage>;

/**
 * `PATCH /admin/home-page/`: fields left out keep their value (the defaults, before the first save). A `category`
 * source needs its category, a `products` source at least one product.
 */
export const AdminHomePageBody = z
  .object({
    hero_eyebrow: z.string().trim().max(100),
    hero_title: z.string().trim().min(1, { error: 'Enter the title of the home page.' }).max(150),
    hero_intro: z.string().max(4000),
    hero_image: MediaKeyInput,
    hero_image_alt: z.string().trim().max(250),
    story_heading: z.string().trim().max(150),
    story_text: z.string().max(20000),
    story_image: MediaKeyInput,
    story_image_alt: z.string().trim().max(250),
    featured_heading: z.string().trim().max(100),
    featured_source: HomeFeaturedSource,
    featured_category: RowId.nullable(),
    featured_products: z
      .array(RowId)
      .max(HOME_FEATURED_LIMIT, { error: `Choose at most ${HOME_FEATURED_LIMIT} products.` }),
  })
  .partial()
  .strict();
export type AdminHomePageBody = z.infer<typeof AdminHomePageBody>;

// ── Contact ──────────────────────────────────────────────────────────────────────────────────────────────────────

export const SocialPlatformName = z.enum(SOCIAL_PLATFORMS);

/** The contact information as staff edit it (platforms by their code). */
export const AdminContactInfo = z.object({
  branch_locations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      is_hq: z.boolean(),
      address: z.string(),
      phone_number: z.string(),
      map_location_url: z.string(),
    }),
  ),
  contact_emails: z.array(z.object({ id: z.number().int(), purpose: z.string(), email_address: z.string() })),
  social_media_profiles: z.array(z.object({ id: z.number().int(), platform: SocialPlatformName, link: z.string() })),
});
export type AdminContactInfo = z.infer<typeof AdminContactInfo>;

const HttpUrl = z.url({ protocol: /^https?$/ }).max(500);

/** `PATCH /admin/contact-info/`: each list given replaces the shop's list, in its order; lists left out stay. */
export const AdminContactInfoBody = z
  .object({
    branch_locations: z
      .array(
        z
          .object({
            name: z.string().trim().min(1).max(200),
            is_hq: z.boolean().default(false),
            address: z.string().trim().max(1000).default(''),
            phone_number: z
              .string()
              .trim()
              .max(32)
              .regex(/^[0-9+()\-. ]*$/, { error: 'Enter a valid phone number.' })
              .default(''),
            map_location_url: z.union([z.literal(''), HttpUrl]).default(''),
          })
          .strict(),
      )
      .max(100),
    contact_emails: z
      .array(z.object({ purpose: z.string().trim().min(1).max(100), email_address: z.email().max(254) }).strict())
      .max(50),
    social_media_profiles: z.array(z.object({ platform: SocialPlatformName, link: HttpUrl }).strict()).max(50),
  })
  .partial()
  .strict();
export type AdminContactInfoBody = z.infer<typeof AdminContactInfoBody>;

export const AdminContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  subject: z.string(),
  message: z.string(),
  is_archived: z.boolean(),
  created_at: z.string(),
  /** When staff last answered it; null while unanswered. */
  last_replied_at: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;
export const AdminContactMessagePage = adminPage(AdminContactMessage);

/** The most a reply to a contact message may hold, in characters. */
export const CONTACT_REPLY_MAX_LENGTH = 10_000;

/** A reply of staff to a contact message, as mailed to its sender and kept with it. */
export const AdminContactReply = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  staff_user_id: z.number().int(),
  /** The member of staff's display name, else their username ('' when the account is gone). */
  staff_name: z.string(),
});
export type AdminContactReply = z.infer<typeof AdminContactReply>;

/** `GET /admin/contact-messages/{id}/`: the message with its replies, oldest first. */
export const AdminContactMessageDetail = AdminContactMessage.extend({ replies: z.array(AdminContactReply) });
export type AdminContactMessageDetail = z.infer<typeof AdminContactMessageDetail>;

/** `POST /admin/contact-messages/{id}/replies/`: the answer, mailed from the shop's sender to the message's sender. */
export const AdminContactReplyBody = z
  .object({
    body: z
      .string({ error: 'Write your reply.' })
      .trim()
      .min(1, { error: 'Write your reply.' })
      .max(CONTACT_REPLY_MAX_LENGTH, {
        error: `Write a reply of at most ${CONTACT_REPLY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
      }),
  })
  .strict();
export type AdminContactReplyBody = z.infer<typeof AdminContactReplyBody>;

/** `GET /admin/contact-messages/`: newest first; archived ones only when asked. */
export const AdminContactMessageListQuery = AdminListQuery.extend({
  is_archived: QueryBoolean.optional(),
  ordering: adminOrdering('created_at'),
});
export type AdminContactMessageListQuery = z.infer<typeof AdminContactMessageListQuery>;

export const AdminContactMessageUpdateBody = z.object({ is_archived: z.boolean() }).strict();
export type AdminContactMessageUpdateBody = z.infer<typeof AdminContactMessageUpdateBody>;

/** Params of an admin item route. */
export const AdminItemParams = ItemParams;

// ── Media ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** What an uploaded picture is for: a post's featured image, or the shop's logo or favicon. */
/** What an upload is for: a post's picture, the site's logo or favicon, or a product's picture. */
export const AdminMediaPurpose = z.enum(['blog', 'site', 'catalog']);
export type AdminMediaPurpose = z.infer<typeof AdminMediaPurpose>;

/** `POST /admin/media/` (multipart: `image`, `purpose`): the stored picture's key, to put in a media field. */
export const AdminMediaUpload = z.object({
  /** The stored picture's id: what a product's `images` name. */
  id: z.number().int(),
  key: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminMediaUpload = z.infer<typeof AdminMediaUpload>;
