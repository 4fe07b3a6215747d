import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const users = pgTable('users', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  username: text('username').notNull(),
  /** The name shown with the account's reviews and comments (never its e-mail address); the database draws a default. */
  displayName: text('display_name').notNull().default(sql`('Customer ' || (1000 + floor(random() * 9000))::int)`),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['customer', 'staff', 'owner'] })
    .notNull()
    .default('customer'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the customer agreed to marketing e-mail (migration 0096); null: not given, or withdrawn. */
  marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
});

export const refreshTokens = pgTable('refresh_tokens', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  jti: uuid('jti').notNull(),
  family: uuid('family').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** The pair the rotation of this token gave (JSON), answered again within the grace window; then cleared. */
  successor: text('successor'),
  /** A keyed digest of the client that rotated this token: only that client gets `successor` (then cleared). */
  rotatedBy: text('rotated_by'),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Delivery addresses a customer keeps; `address` has the shape of an order's delivery address. */
export const savedAddresses = pgTable('saved_addresses', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  address: jsonb('address').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
