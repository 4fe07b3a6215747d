-- Payment options, carts, orders and their lines.

-- What a shop accepts and tells its customers about paying (spec section 3 "Payment options"), and how long an unpaid
-- order keeps its stock before the expiry job cancels it. A shop without a row accepts nothing yet.
create table payment_settings (
  tenant_id integer not null references tenants (id) on delete cascade,
  enable_card_payment boolean not null default false,
  enable_bank_transfer boolean not null default false,
  enable_custom_payment boolean not null default false,
  bank_account_details text not null default '',
  custom_payment_label text not null default '' check (length(custom_payment_label) <= 100),
  custom_payment_instructions text not null default '',
  custom_payment_redirect_url text not null default '' check (
    custom_payment_redirect_url = '' or custom_payment_redirect_url ~ '^https?://'
  ),
  card_payment_timeout_minutes integer not null default 60 check (card_payment_timeout_minutes > 0),
  bank_transfer_timeout_minutes integer not null default 4320 check (bank_transfer_timeout_minutes > 0),
  custom_payment_timeout_minutes integer not null default 4320 check (custom_payment_timeout_minutes > 0),
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);

-- One cart per customer per shop, made on first use and emptied when an order is placed.
create table carts (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  user_id integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create unique index carts_user on carts (tenant_id, user_id);

-- A product with one customization is one line: adding it again adds to the quantity. Prices are never stored here:
-- the cart always shows the catalog's current price.
create table cart_items (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  cart_id integer not null,
  product_id integer not null,
  quantity integer not null check (quantity between 1 and 10000),
  customization jsonb not null default '{}'::jsonb check (jsonb_typeof(customization) = 'object'),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, cart_id) references carts (tenant_id, id) on delete cascade,
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade
);
create unique index cart_items_line on cart_items (tenant_id, cart_id, product_id, customization);
create index cart_items_product on cart_items (tenant_id, product_id);

-- Each shop numbers its orders from 1001 on; the row is locked only for the instant an order takes its number.
create table order_counters (
  tenant_id integer not null references tenants (id) on delete cascade,
  last_number integer not null default 1000,
  primary key (tenant_id)
);

-- An order is a snapshot: lines keep the name, price and customization of the moment it was placed, and the payment
-- instructions shown are the ones in force then. Money in integer cents.
create table orders (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  number text not null,
  user_id integer not null,
  status text not null default 'awaiting_payment' check (
    status in ('awaiting_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled')
  ),
  payment_method text not null check (payment_method in ('card_2c2p', 'bank_transfer', 'custom')),
  payment_label text not null,
  payment_instructions text not null default '',
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  subtotal_cents bigint not null check (subtotal_cents >= 0),
  shipping_cents bigint not null default 0 check (shipping_cents >= 0),
  total_cents bigint not null,
  total_items integer not null check (total_items > 0),
  delivery_address jsonb not null check (jsonb_typeof(delivery_address) = 'object'),
  -- A retried create request with the same key returns this order; the fingerprint tells a retry from a misuse.
  idempotency_key text check (length(idempotency_key) between 1 and 255),
  request_fingerprint text,
  payment_due_at timestamptz,
  paid_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete restrict,
  check (total_cents = subtotal_cents + shipping_cents),
  check ((status = 'cancelled') = (cancelled_at is not null))
);
create unique index orders_number on orders (tenant_id, number);
create unique index orders_idempotency on orders (tenant_id, user_id, idempotency_key) where idempotency_key is not null;
create index orders_user_newest on orders (tenant_id, user_id, created_at desc, id desc);
-- The expiry job's look-up: unpaid orders by due time.
create index orders_unpaid_due on orders (tenant_id, payment_due_at) where status = 'awaiting_payment';

create table order_lines (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  order_id integer not null,
  -- Null once the product is deleted; the snapshot below still tells what was bought.
  product_id integer,
  product_slug text not null,
  product_name text not null,
  thumb_key text,
  unit_price_cents integer not null check (unit_price_cents >= 0),
  quantity integer not null check (quantity > 0),
  customization jsonb not null default '{}'::jsonb,
  line_total_cents bigint not null check (line_total_cents = unit_price_cents::bigint * quantity),
  primary key (tenant_id, id),
  foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade,
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete set null (product_id)
);
create index order_lines_order on order_lines (tenant_id, order_id, id);
create index order_lines_product on order_lines (tenant_id, product_id);
