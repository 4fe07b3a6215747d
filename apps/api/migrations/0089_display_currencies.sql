-- Display currencies (issue 48, decision 028): a shop charges in its own currency (USD) and shows prices in others at
-- rates it keeps. `display_currencies` lists them in the shop's order: the code, the rate (units of it for one US
-- dollar, in millionths: 0.92 is 920000), how converted prices are rounded (to the cent, to whole units, or up to .99)
-- and, for a rate fetched from the published reference rates, the day it is of (null: typed by staff).
-- `currency_settings` says where the rates come from: typed by staff, or fetched daily from the European Central
-- Bank; when they were last fetched and why the last try failed.
create table currency_settings (
  tenant_id integer not null references tenants (id) on delete cascade,
  rate_source text not null default 'manual' check (rate_source in ('manual', 'ecb')),
  fetched_at timestamptz,
  fetch_error text not null default '' check (length(fetch_error) <= 500),
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);

create table display_currencies (
  tenant_id integer not null references tenants (id) on delete cascade,
  code text not null check (code ~ '^[A-Z]{3}$'),
  position integer not null check (position >= 0),
  rate_micros bigint not null check (rate_micros > 0 and rate_micros <= 1000000000000),
  rounding text not null default 'none' check (rounding in ('none', 'whole', 'ninety_nine')),
  rate_date date,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, code)
);

-- What the shopper saw: the currency they read prices in, its rate then, its decimals, and the order's total in it as
-- shown (minor units). All four or none (an order read in the shop's own currency).
alter table orders
  add column presentment_currency text,
  add column presentment_rate_micros bigint,
  add column presentment_decimals smallint,
  add column presentment_total_minor bigint,
  add constraint orders_presentment_whole check (
    (presentment_currency is null) = (presentment_rate_micros is null)
    and (presentment_currency is null) = (presentment_decimals is null)
    and (presentment_currency is null) = (presentment_total_minor is null)
  );

-- The demo shop shows its prices in euros, pounds, Australian dollars, Indian and Nepalese rupees at fixed rates (the
-- seed writes the same for a demo seeded after this migration).
insert into display_currencies (tenant_id, code, position, rate_micros, rounding)
select tenants.id, listed.code, listed.position, listed.rate_micros, listed.rounding
  from tenants
 cross join (values ('EUR', 0, 920000, 'none'),
                    ('GBP', 1, 790000, 'ninety_nine'),
                    ('AUD', 2, 1520000, 'ninety_nine'),
                    ('INR', 3, 83500000, 'whole'),
                    ('NPR', 4, 133600000, 'whole')) as listed (code, position, rate_micros, rounding)
 where tenants.token = 'khukuri-demo';
