-- Tax by destination (decision 016): the rates a shop charges where it delivers, per shipping zone or per country
-- (and region), for every product or one category; whether the shop enters its prices with tax; and each tax an
-- order was charged, per rate.

create table tax_rates (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  name text not null check (length(name) between 1 and 60),
  -- Hundredths of a percent: 1900 is 19%.
  basis_points integer not null check (basis_points between 0 and 10000),
  -- Where it applies: a zone, or a country (an ISO code) and within it, if given, a region (a US state).
  zone_id integer,
  country_code text check (country_code ~ '^[A-Z]{2}$'),
  region text check (length(region) between 1 and 100),
  -- Null: every product without a rate of its own here, and the shipping.
  category_id integer,
  -- How the destination shows prices: with this tax in them (VAT, GST), or with it added at checkout (sales tax).
  display text not null default 'included' check (display in ('included', 'added')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, zone_id) references shipping_zones (tenant_id, id) on delete cascade,
  foreign key (tenant_id, category_id) references categories (tenant_id, id) on delete cascade,
  check ((zone_id is null) <> (country_code is null)),
  check (region is null or country_code is not null)
);
-- One rate per place and category.
create unique index tax_rates_place on tax_rates
  (tenant_id, coalesce(zone_id, 0), coalesce(country_code, ''), coalesce(lower(region), ''), coalesce(category_id, 0));
create index tax_rates_country on tax_rates (tenant_id, country_code) where country_code is not null;

-- A shop's tax settings; a shop without a row enters its prices without tax.
create table tax_settings (
  tenant_id integer primary key references tenants (id) on delete cascade,
  prices_include_tax boolean not null default false,
  updated_at timestamptz not null default now()
);

-- Each tax of an order, per rate: included in its prices, or added to its total (`orders.tax_cents` is their sum).
create table order_taxes (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  order_id integer not null,
  name text not null,
  basis_points integer not null check (basis_points between 0 and 10000),
  amount_cents bigint not null check (amount_cents >= 0),
  included boolean not null,
  primary key (tenant_id, id),
  foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade
);
create index order_taxes_order on order_taxes (tenant_id, order_id, id);
