-- Shop administration: the audit log of staff writes, shipping details and internal notes of orders, and a low-stock
-- threshold per product.

-- Every write of the administration: who (user and role), what (action on an entity), when, and a summary of the
-- fields before and after.
create table audit_log (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  actor_user_id integer,
  actor_role text not null default '',
  action text not null,
  entity text not null,
  entity_id text not null default '',
  summary jsonb not null default '{}',
  request_id text not null default '',
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index audit_log_entity on audit_log (tenant_id, entity, entity_id, id);

alter table orders
  add column carrier text not null default '' check (length(carrier) <= 100),
  add column tracking_number text not null default '' check (length(tracking_number) <= 100),
  add column tracking_url text not null default '' check (tracking_url = '' or tracking_url ~ '^https?://');

-- Staff's notes on an order, never shown to the customer.
create table order_notes (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  order_id integer not null,
  author_user_id integer,
  body text not null check (length(body) between 1 and 5000),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index order_notes_order on order_notes (tenant_id, order_id, id);

alter table products
  add column low_stock_threshold integer not null default 2 check (low_stock_threshold >= 0);
