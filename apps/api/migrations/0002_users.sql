-- Customers (and later staff) of a shop. The same e-mail may register with two shops: two accounts.
create table users (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  username text not null check (length(username) between 1 and 150),
  password_hash text not null,
  role text not null default 'customer' check (role in ('customer', 'staff', 'owner')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  last_login_at timestamptz,
  password_changed_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id)
);
create unique index users_email_per_tenant on users (tenant_id, email);
create unique index users_username_per_tenant on users (tenant_id, lower(username));
