-- Content of a shop (spec sections 2 and 3): blog posts and comments, contact information and messages,
-- FAQs and legal documents, and the shop's content settings (comment moderation).

-- Per-tenant content settings: one row per tenant at most; a missing row means the defaults.
create table content_settings (
  tenant_id integer not null references tenants (id) on delete cascade,
  -- When on, new comments wait for approval before anyone sees them.
  comment_moderation boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);

create table blog_posts (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 200),
  title text not null check (length(trim(title)) between 1 and 200),
  -- Sanitized HTML (allowlist) written only through the blog service.
  content text not null default '',
  -- Media key of the featured image, '' when there is none.
  featured_image text not null default '',
  status text not null default 'draft' check (status in ('draft', 'published')),
  published_at timestamptz,
  author_id integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, author_id) references users (tenant_id, id) on delete set null (author_id),
  check (status = 'draft' or published_at is not null)
);
create unique index blog_posts_slug on blog_posts (tenant_id, slug);
create index blog_posts_published on blog_posts (tenant_id, status, published_at desc);

create table blog_comments (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  post_id integer not null,
  parent_id integer,
  user_id integer not null,
  -- Plain text, never HTML.
  content text not null check (length(content) between 1 and 5000),
  is_approved boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, post_id) references blog_posts (tenant_id, id) on delete cascade,
  foreign key (tenant_id, parent_id) references blog_comments (tenant_id, id) on delete cascade,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
  check (parent_id is null or parent_id <> id)
);
create index blog_comments_post on blog_comments (tenant_id, post_id, created_at, id);

create table branch_locations (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  name text not null check (length(trim(name)) > 0),
  is_hq boolean not null default false,
  address text not null default '',
  phone_number text not null default '',
  map_location_url text not null default '' check (map_location_url = '' or map_location_url ~ '^https?://'),
  position integer not null default 0,
  primary key (tenant_id, id)
);
create index branch_locations_order on branch_locations (tenant_id, position, id);
-- At most one head office per shop.
create unique index branch_locations_one_hq on branch_locations (tenant_id) where is_hq;

create table contact_emails (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  purpose text not null check (length(trim(purpose)) > 0),
  email_address text not null check (email_address like '%_@_%'),
  position integer not null default 0,
  primary key (tenant_id, id)
);
create index contact_emails_order on contact_emails (tenant_id, position, id);

create table social_media_profiles (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  platform text not null check (platform in ('facebook', 'instagram', 'youtube', 'x', 'tiktok', 'pinterest', 'linkedin', 'whatsapp', 'other')),
  link text not null check (link ~ '^https?://'),
  position integer not null default 0,
  primary key (tenant_id, id)
);
create index social_media_profiles_order on social_media_profiles (tenant_id, position, id);

-- Messages from the contact form: stored first, then mailed; the mail outcome is kept with the message.
create table contact_messages (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  name text not null,
  email text not null,
  phone_number text not null default '',
  subject text not null,
  message text not null,
  client_ip text not null default '',
  mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'failed')),
  mail_error text not null default '',
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index contact_messages_created on contact_messages (tenant_id, created_at desc);

create table faqs (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  question text not null check (length(trim(question)) > 0),
  -- Sanitized HTML.
  answer text not null default '',
  position integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index faqs_order on faqs (tenant_id, is_active, position, id);

create table legal_documents (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  document_type text not null check (document_type in ('refund_policy', 'privacy_policy')),
  title text not null default '',
  -- Sanitized HTML.
  content text not null default '',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index legal_documents_type on legal_documents (tenant_id, document_type, is_active, updated_at desc);
