import './browser.ts';
import { z } from 'zod';
import { ImageVariant } from './catalog.ts';
import { RowId } from './ids.ts';

// Content of a shop (spec section 3): blog, contact, FAQs and legal documents.

export const BlogAuthor = z.object({ username: z.string() });

/** A published blog post (spec section 3 "Blog post"); `author` is null when the author is gone ('Admin'). */
export const BlogPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  featured_image: z.string().nullable(),
  /** The featured image's pixel size and variants; null and none for a file the media module has no record of. */
  featured_image_width: z.number().nullable(),
  featured_image_height: z.number().nullable(),
  featured_image_variants: z.array(ImageVariant),
  published_at: z.string(),
  comment_count: z.number(),
  author: BlogAuthor.nullable(),
  status: z.literal('published'),
});
export type BlogPost = z.infer<typeof BlogPost>;

/** A blog comment with its approved replies, oldest first (spec section 3 "Blog comment"). */
export interface BlogComment {
  id: number;
  post: number;
  parent: number | null;
  content: string;
  user: { username: string };
  created_at: string;
  is_approved: boolean;
  replies: BlogComment[];
}
export const BlogComment: z.ZodType<BlogComment> = z
  .lazy(
    () =>
      z.object({
        id: z.number(),
        post: z.number(),
        parent: z.number().nullable(),
        content: z.string(),
        user: z.object({ username: z.string() }),
        created_at: z.string(),
        is_approved: z.boolean(),
        replies: z.array(BlogComment),
      }),
    // A recursive schema needs an id to be referenced in the OpenAPI document.
  )
  .meta({ id: 'BlogComment' });

export const COMMENT_MAX_LENGTH = 2000;
/** Levels of a comment thread: a top-level comment and its replies down to this depth; deeper replies join the last level. */
export const COMMENT_MAX_DEPTH = 5;
/** Top-level comments per page of `GET /blog/comments/` (each with its replies). */
export const COMMENT_PAGE_SIZE = 50;

export const CreateBlogCommentBody = z.object({
  post: RowId,
  content: z.string(),
  parent: RowId.nullable().optional(),
});
export type CreateBlogCommentBody = z.infer<typeof CreateBlogCommentBody>;

export const BranchLocation = z.object({
  id: z.number(),
  name: z.string(),
  is_hq: z.boolean(),
  address: z.string(),
  phone_number: z.string(),
  map_location_url: z.string(),
});
export const ContactEmail = z.object({ id: z.number(), purpose: z.string(), email_address: z.string() });

/** The social networks a shop may link to, by their code (what staff choose and the database stores). */
export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'youtube',
  'x',
  'tiktok',
  'pinterest',
  'linkedin',
  'whatsapp',
  'other',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Each network's name as the shop's visitors read it (`platform_display`). */
export const SOCIAL_PLATFORM_NAMES: Readonly<Record<SocialPlatform, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X (Twitter)',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  other: 'Website',
};

export const SocialMediaProfile = z.object({ id: z.number(), platform_display: z.string(), link: z.string() });

/** The contact information object (spec section 3 "Contact info"). */
export const ContactInfo = z.object({
  /** The shop's own address, as its invoices print it and its e-mails take replies; '' when it has none. */
  email: z.string(),
  branch_locations: z.array(BranchLocation),
  contact_emails: z.array(ContactEmail),
  social_media_profiles: z.array(SocialMediaProfile),
});
export type ContactInfo = z.infer<typeof ContactInfo>;

export const CONTACT_LIMITS = { name: 100, email: 254, phone_number: 32, subject: 200, message: 5000 } as const;

/**
 * The contact form (spec section 3 "Contact message"). `website` is a honeypot: hidden from people, filled by bots.
 * Field rules are checked by the API service so that every error comes back per field.
 */
export const ContactMessageBody = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  phone_number: z.string().nullable().optional(),
  subject: z.string().optional(),
  message: z.string().optional(),
  website: z.string().optional(),
});
export type ContactMessageBody = z.infer<typeof ContactMessageBody>;

export const ContactMessageCreated = z.object({
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  subject: z.string(),
  message: z.string(),
});

export const Faq = z.object({ id: z.number(), question: z.string(), answer: z.string(), order: z.number() });
export type Faq = z.infer<typeof Faq>;

export const DocumentType = z.enum(['refund_policy', 'privacy_policy']);
export type DocumentType = z.infer<typeof DocumentType>;

/** A legal document (spec section 3); the storefront uses the first of the list. */
export const LegalDocument = z.object({
  id: z.number(),
  document_type: DocumentType,
  title: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type LegalDocument = z.infer<typeof LegalDocument>;
