-- Discounts (decision 015): promotions applied on their own (no code) and codes a customer enters in the cart, priced
-- only by the server at checkout and kept on the order as lines of what they took off. Uses are counted when an order
-- is placed (a conditional update of `times_used`, so the last use goes to one order only) and given back when it is
-- cancelled.

create table discounts (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  -- Null: an automatic promotion. A code is unique in its shop whatever its letter case.
  code text check (code is null or code ~ '^[A-Za-z0-9_-]{1,40}$'),
  name text not null default '' check (length(name) <= 100),
  kind text not null check (kind in ('percentage', 'fixed', 'free_shipping', 'buy_x_get_y')),
  -- percentage: hundredths of a percent (1000 = 10%); fixed: cents; the other kinds: 0.
  value bigint not null default 0 check (value >= 0),
  buy_quantity integer check (buy_quantity between 1 and 1000),
  get_quantity integer check (get_quantity between 1 and 1000),
  -- What it applies to: these products and the products of these categories; both empty: the whole order.
  product_ids integer[] not null default '{}',
  category_ids integer[] not null default '{}',
  min_subtotal_cents bigint not null default 0 check (min_subtotal_cents >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  usage_limit integer check (usage_limit > 0),
  uses_per_customer integer check (uses_per_customer > 0),
  first_order_only boolean not null default false,
  -- An automatic promotion that may add to a code; a code always may add to such a promotion.
  combines_with_code boolean not null default false,
  is_active boolean not null default true,
  times_used integer not null default 0 check (times_used >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check (usage_limit is null or times_used <= usage_limit),
  check (kind <> 'percentage' or value between 1 and 10000),
  check (kind <> 'fixed' or value > 0),
  check ((kind = 'buy_x_get_y') = (buy_quantity is not null and get_quantity is not null)),
  check (starts_at is null or ends_at is null or starts_at < ends_at)
);
create unique index discounts_code on discounts (tenant_id, lower(code)) where code is not null;
create index discounts_automatic on discounts (tenant_id) where code is null and is_active;

-- One use of a discount by one order: counted while `released_at` is null (the order was not cancelled).
create table discount_uses (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  discount_id integer not null,
  order_id integer not null,
  user_id integer not null,
  amount_cents bigint not null check (amount_cents >= 0),
  created_at timestamptz not null default now(),
  released_at timestamptz,
  primary key (tenant_id, id),
  unique (tenant_id, order_id, discount_id)
);
create index discount_uses_customer on discount_uses (tenant_id, discount_id, user_id) where released_at is null;

-- The code the customer applied to the cart (checked again, and priced, when the order is placed).
alter table carts add column discount_code text check (length(discount_code) <= 40);

-- What the order's discounts took off (`total = subtotal - discount + shipping + tax`), and each of them as a line.
alter table orders
  add column discount_cents bigint not null default 0 check (discount_cents >= 0),
  add column tax_cents bigint not null default 0 check (tax_cents >= 0);
alter table orders drop constraint orders_check;
alter table orders add constraint orders_total_check
  check (total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents),
  add constraint orders_discount_check check (discount_cents <= subtotal_cents + shipping_cents);

create table order_discounts (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  order_id integer not null,
  discount_id integer,
  code text,
  name text not null,
  kind text not null check (kind in ('percentage', 'fixed', 'free_shipping', 'buy_x_get_y')),
  -- What it discounted, in words: "10% off Mugs", "Shipping", "1 free of Tea Bowl".
  description text not null,
  amount_cents bigint not null check (amount_cents >= 0),
  primary key (tenant_id, id)
);
create index order_discounts_order on order_discounts (tenant_id, order_id, id);
