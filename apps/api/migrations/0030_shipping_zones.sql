-- Shipping: a shop's zones (the countries each serves, its rates and delivery estimate), and what an order keeps of
-- the zone it shipped by. Money in integer cents, like the orders.

create table shipping_zones (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  name text not null check (length(name) between 1 and 100),
  -- The default zone serves every country no other zone lists; a shop has at most one.
  is_default boolean not null default false,
  flat_rate_cents bigint not null check (flat_rate_cents >= 0),
  -- From this subtotal on, shipping is free; null: never.
  free_above_cents bigint check (free_above_cents >= 0),
  per_item_cents bigint not null default 0 check (per_item_cents >= 0),
  delivery_days_min integer not null check (delivery_days_min between 0 and 365),
  delivery_days_max integer not null check (delivery_days_max between 0 and 365),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check (delivery_days_min <= delivery_days_max)
);
create unique index shipping_zones_one_default on shipping_zones (tenant_id) where is_default;
create unique index shipping_zones_name on shipping_zones (tenant_id, lower(name));

-- A country belongs to at most one zone of a shop: its primary key says so.
create table shipping_zone_countries (
  tenant_id integer not null references tenants (id) on delete cascade,
  country_code text not null check (country_code ~ '^[A-Z]{2}$'),
  zone_id integer not null,
  primary key (tenant_id, country_code),
  foreign key (tenant_id, zone_id) references shipping_zones (tenant_id, id) on delete cascade
);
create index shipping_zone_countries_zone on shipping_zone_countries (tenant_id, zone_id);

-- The zone an order shipped by and the delivery estimate it was promised, as they were then.
alter table orders
  add column shipping_zone text not null default '',
  add column delivery_estimate text not null default '';
