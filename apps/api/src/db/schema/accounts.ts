import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const users = pgTable('users', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['customer', 'staff', 'owner'] })
    .notNull()
    .default('customer'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
});
