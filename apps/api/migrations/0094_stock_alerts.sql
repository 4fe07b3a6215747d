-- Back-in-stock alerts (issue 49): a shopper asks to be told when a sold-out product, or one variant of a product
-- sold in options, is back. A signed-in customer's alert is confirmed at once (the account's address); a guest's waits
-- for the link mailed to the address given. When a change brings the stock above 0, each confirmed alert is spent by
-- one conditional update (`notified_at`) in the transaction that queues its e-mail, so it is mailed once however
-- many restocks run at the same time.
create table stock_alerts (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  product_id integer not null,
  -- The variant asked for, for a product sold in options; null for the product itself.
  variant_id integer,
  -- The customer who asked, signed in; null for a guest.
  user_id integer,
  email text not null check (length(email) between 3 and 254),
  confirmed_at timestamptz,
  notified_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check (user_id is null or confirmed_at is not null)
);

-- One waiting alert per address and product (or variant): asking again changes nothing.
create unique index stock_alerts_waiting_once on stock_alerts (tenant_id, product_id, coalesce(variant_id, 0), lower(email))
  where notified_at is null;
create index stock_alerts_waiting on stock_alerts (tenant_id, product_id) where notified_at is null;
create index stock_alerts_customer on stock_alerts (tenant_id, user_id, id) where user_id is not null;
