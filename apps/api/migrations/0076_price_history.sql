-- Price history (decision 020): a row per change of the price a product, or one of its variants, is sold at, from
-- when it applied. An announced reduction (a before-discount price above the price) answers the lowest price of the
-- 30 days before the current price took effect (Article 6a of Directive 98/6/EC, as the Omnibus Directive wrote it).

-- `variant_id` null: the product's own price (its default variant's). A variant's row is the price it is sold at: its
-- own, or the product's while its own is null.
create table price_history (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  product_id integer not null,
  variant_id integer,
  price_cents integer not null check (price_cents >= 0),
  effective_from timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade,
  foreign key (tenant_id, variant_id) references product_variants (tenant_id, id) on delete cascade
);
create index price_history_item on price_history (tenant_id, product_id, variant_id, effective_from);

-- A record, like the audit log (0065): the application adds rows and reads them, never changes or removes one. A
-- product's or a variant's rows go with it (the foreign keys' cascade runs as the table's owner).
revoke update, delete, truncate on price_history from platform_app;

-- Every path that changes a price (the admin's forms, the variant grid, bulk edits, the CSV import, the seed) writes
-- the history through these triggers. They run when the transaction commits (deferred), so that a write moving prices
-- between the product and its default variant in several statements leaves the prices it ends with, each recorded
-- only when it differs from the last recorded one.
create or replace function catalog_price_history() returns trigger language plpgsql as $$
declare
  changed_product integer;
begin
  -- Each branch is read only when taken: `new` is a product's row or a variant's.
  if tg_table_name = 'products' then
    changed_product := new.id;
  else
    changed_product := new.product_id;
  end if;
  insert into price_history (tenant_id, product_id, variant_id, price_cents)
  select p.tenant_id, p.id, null, p.price_cents
    from products p
   where p.tenant_id = new.tenant_id and p.id = changed_product
     and p.price_cents is distinct from (
       select h.price_cents from price_history h
        where h.tenant_id = p.tenant_id and h.product_id = p.id and h.variant_id is null
        order by h.effective_from desc, h.id desc limit 1)
  union all
  select v.tenant_id, v.product_id, v.id, coalesce(v.price_cents, p.price_cents)
    from product_variants v
    join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
   where v.tenant_id = new.tenant_id and v.product_id = changed_product
     and coalesce(v.price_cents, p.price_cents) is distinct from (
       select h.price_cents from price_history h
        where h.tenant_id = v.tenant_id and h.product_id = v.product_id and h.variant_id = v.id
        order by h.effective_from desc, h.id desc limit 1);
  return null;
end $$;

create constraint trigger products_price_history after insert or update of price_cents on products
  deferrable initially deferred for each row execute function catalog_price_history();
create constraint trigger product_variants_price_history after insert or update of price_cents on product_variants
  deferrable initially deferred for each row execute function catalog_price_history();

-- The prices shops sell at today, from when they were created: no earlier price is known.
insert into price_history (tenant_id, product_id, variant_id, price_cents, effective_from)
select tenant_id, id, null, price_cents, created_at from products;
insert into price_history (tenant_id, product_id, variant_id, price_cents, effective_from)
select v.tenant_id, v.product_id, v.id, coalesce(v.price_cents, p.price_cents), v.created_at
  from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id;
