import { SOCIAL_PLATFORMS } from '@platform/contracts';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const contentSettings = pgTable('content_settings', {
  tenantId: integer('tenant_id')
    .notNull()
    .primaryKey()
    .references(() => tenants.id),
  commentModeration: boolean('comment_moderation').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const blogPosts = pgTable('blog_posts', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull().default(''),
  content: text('content').notNull().default(''),
  featuredImage: text('featured_image').notNull().default(''),
  status: text('status', { enum: ['draft', 'published'] })
    .notNull()
    .default('draft'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  authorId: integer('author_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const blogComments = pgTable('blog_comments', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  postId: integer('post_id').notNull(),
  parentId: integer('parent_id'),
  userId: integer('user_id').notNull(),
  content: text('content').notNull(),
  isApproved: boolean('is_approved').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const branchLocations = pgTable('branch_locations', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  isHq: boolean('is_hq').notNull().default(false),
  address: text('address').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  mapLocationUrl: text('map_location_url').notNull().default(''),
  position: integer('position').notNull().default(0),
});

export const contactEmails = pgTable('contact_emails', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  purpose: text('purpose').notNull(),
  emailAddress: text('email_address').notNull(),
  position: integer('position').notNull().default(0),
});

export const socialMediaProfiles = pgTable('social_media_profiles', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  platform: text('platform', { enum: SOCIAL_PLATFORMS }).notNull(),
  link: text('link').notNull(),
  position: integer('position').notNull().default(0),
});

export const contactMessages = pgTable('contact_messages', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull().default(''),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  clientIp: text('client_ip').notNull().default(''),
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A reply of staff to a contact message, mailed to its sender (migration 0086). */
export const contactMessageReplies = pgTable('contact_message_replies', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  messageId: integer('message_id').notNull(),
  body: text('body').notNull(),
  staffUserId: integer('staff_user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const faqs = pgTable('faqs', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  question: text('question').notNull(),
  answer: text('answer').notNull().default(''),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const DOCUMENT_TYPES = ['refund_policy', 'privacy_policy'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const legalDocuments = pgTable('legal_documents', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  documentType: text('document_type', { enum: DOCUMENT_TYPES }).notNull(),
  title: text('title').notNull().default(''),
  content: text('content').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
