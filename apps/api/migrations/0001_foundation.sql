-- Tenants: every shop served by this deployment. The public token names the shop on every API request.
create table tenants (
  id integer generated always as identity primary key,
  name text not null check (length(trim(name)) > 0),
  token text not null unique check (length(token) between 8 and 128),
  domains text[] not null default '{}',
  created_at timestamptz not null default now()
);

-- Site settings: one row per tenant (spec section 3), with the company information (section 3 "Company info").
create table site_settings (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  site_title text not null default '',
  site_description text not null default '',
  favicon text not null default '',
  theme_name text not null default '',
  logo text not null default '',
  google_analytics_id text not null default '',
  contact_email text not null default '',
  social_media_links text not null default '',
  tagline text not null default '',
  history_summary text not null default '',
  mission_statement text not null default '',
  vision_statement text not null default '',
  updated_at timestamptz not null default now(),
  primary key (tenant_id),
  unique (tenant_id, id)
);

create table core_values (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  name text not null,
  description text not null default '',
  position integer not null default 0,
  primary key (tenant_id, id)
);
create index core_values_order on core_values (tenant_id, position, id);
