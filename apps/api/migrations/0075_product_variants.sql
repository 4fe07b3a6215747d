-- Product options (decision 018): a product may be sold in options (blade length, finish, handle), one variant per
-- combination it sells, each with its own SKU, price (or the product's), stock and weight; and it may ask for texts
-- the shopper writes (an engraving), each adding a price when filled in.

-- `options`: [{name, values: [text]}] in display order; `personalisation`: [{key, label, max_length, price_cents,
-- required}]. `price_min_cents`/`price_max_cents`: the range of the prices its variants on sale are sold at (the
-- product's own price when it has none), kept by the triggers below: the list's "from" price, its price filter, sort
-- and bands.
alter table products
  add column options jsonb not null default '[]'::jsonb,
  add column personalisation jsonb not null default '[]'::jsonb,
  add column price_min_cents integer,
  add column price_max_cents integer;
update products set price_min_cents = price_cents, price_max_cents = price_cents;
alter table products
  alter column price_min_cents set not null, alter column price_min_cents set default 0,
  alter column price_max_cents set not null, alter column price_max_cents set default 0;

-- A variant's `option_values` are its values in the order of the product's option types. Its price is null when it
-- is the product's; the default variant (the first on sale by position, then id) always has the product's price, so
-- that the product's own price is the default variant's. Its stock is part of the product's: the product's stock is
-- the sum of its variants' (kept by the trigger below), so that "in stock" and the ledger's sum per product hold.
create table product_variants (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  product_id integer not null,
  sku text not null check (length(sku) between 1 and 64),
  option_values text[] not null check (cardinality(option_values) between 1 and 3),
  price_cents integer check (price_cents >= 0),
  price_before_discount_cents integer check (price_before_discount_cents >= 0),
  stock integer not null default 0 check (stock >= 0),
  weight_grams integer check (weight_grams > 0),
  image_ids integer[] not null default '{}',
  is_active boolean not null default true,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade,
  unique (tenant_id, product_id, option_values),
  unique (tenant_id, sku)
);
create index product_variants_product on product_variants (tenant_id, product_id, position, id);

-- The ledger names the variant whose stock moved; a product's movements still sum to its stock.
alter table stock_movements add column variant_id integer;
alter table stock_movements
  add constraint stock_movements_variant foreign key (tenant_id, variant_id)
    references product_variants (tenant_id, id) on delete set null (variant_id);
create index stock_movements_variant on stock_movements (tenant_id, variant_id, id) where variant_id is not null;

-- Carts and orders carry the variant; an order line keeps its SKU as ordered.
alter table cart_items add column variant_id integer;
alter table cart_items
  add constraint cart_items_variant foreign key (tenant_id, variant_id)
    references product_variants (tenant_id, id) on delete cascade;
alter table order_lines add column variant_id integer, add column sku text;
alter table order_lines
  add constraint order_lines_variant foreign key (tenant_id, variant_id)
    references product_variants (tenant_id, id) on delete set null (variant_id);

-- A product's old address (a product merged into another as one of its variants) leads to its new one.
create table product_redirects (
  tenant_id integer not null references tenants (id) on delete cascade,
  old_slug text not null,
  product_id integer not null,
  variant_id integer,
  primary key (tenant_id, old_slug),
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade,
  foreign key (tenant_id, variant_id) references product_variants (tenant_id, id) on delete set null (variant_id)
);

-- A variant's stock changes like a product's (migrations 0008, 0018): only with the stock service's reason for that
-- very statement, each change a ledger row naming the variant, and the product's stock moves with it. The product's
-- own trigger leaves that roll-up out of the ledger (it runs one trigger level down), and refuses any other change of
-- the stock of a product sold in options: its stock is its variants'.
create or replace function catalog_variant_stock_movement() returns trigger language plpgsql as $$
declare
  movement_reason text := nullif(current_setting('app.stock_reason', true), '');
begin
  if tg_op = 'INSERT' then
    if new.stock <> 0 then
      insert into stock_movements (tenant_id, product_id, variant_id, quantity, reason, note)
      values (new.tenant_id, new.product_id, new.id, new.stock, 'initial',
              coalesce(nullif(current_setting('app.stock_note', true), ''), 'opening stock'));
      update products set stock = stock + new.stock where tenant_id = new.tenant_id and id = new.product_id;
    end if;
    return null;
  end if;
  if tg_op = 'DELETE' then
    if old.stock <> 0 and exists (select from products p where p.tenant_id = old.tenant_id and p.id = old.product_id) then
      raise exception 'variant % still holds % units', old.id, old.stock;
    end if;
    return null;
  end if;
  if movement_reason is null
     or current_setting('app.stock_statement', true) is distinct from statement_timestamp()::text then
    raise exception 'the stock of variant % changed outside the stock service', new.id;
  end if;
  insert into stock_movements (tenant_id, product_id, variant_id, quantity, reason, order_id, note)
  values (new.tenant_id, new.product_id, new.id, new.stock - old.stock, movement_reason,
          nullif(current_setting('app.stock_order', true), '')::integer,
          coalesce(current_setting('app.stock_note', true), ''));
  update products set stock = stock + (new.stock - old.stock)
   where tenant_id = new.tenant_id and id = new.product_id;
  return null;
end $$;

create trigger product_variants_stock_initial after insert on product_variants
  for each row execute function catalog_variant_stock_movement();
create trigger product_variants_stock_movement after update of stock on product_variants
  for each row when (old.stock is distinct from new.stock) execute function catalog_variant_stock_movement();
create trigger product_variants_stock_delete after delete on product_variants
  for each row execute function catalog_variant_stock_movement();

create or replace function catalog_stock_movement() returns trigger language plpgsql as $$
declare
  movement_reason text := nullif(current_setting('app.stock_reason', true), '');
begin
  if tg_op = 'INSERT' then
    if new.stock <> 0 then
      insert into stock_movements (tenant_id, product_id, quantity, reason)
      values (new.tenant_id, new.id, new.stock, 'initial');
    end if;
    return null;
  end if;
  -- A variant's change rolled up into its product: the variant's trigger wrote the ledger row.
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  if exists (select from product_variants v where v.tenant_id = new.tenant_id and v.product_id = new.id) then
    raise exception 'the stock of product % is its variants''', new.id;
  end if;
  if movement_reason is null
     or current_setting('app.stock_statement', true) is distinct from statement_timestamp()::text then
    raise exception 'the stock of product % changed outside the stock service', new.id;
  end if;
  insert into stock_movements (tenant_id, product_id, quantity, reason, order_id, note)
  values (new.tenant_id, new.id, new.stock - old.stock, movement_reason,
          nullif(current_setting('app.stock_order', true), '')::integer,
          coalesce(current_setting('app.stock_note', true), ''));
  return null;
end $$;

-- The reason is cleared once the statement that changed stock is done (0018), not after the roll-up of each of its
-- variants (a nested update of products, one trigger level down), which would refuse the statement's next variant.
create or replace function catalog_stock_reason_clear() returns trigger language plpgsql as $$
begin
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  perform set_config('app.stock_reason', '', true);
  perform set_config('app.stock_statement', '', true);
  return null;
end $$;

create trigger product_variants_stock_reason_clear after update on product_variants
  for each statement execute function catalog_stock_reason_clear();

-- The price range: computed on the product's row from its price and its variants on sale, whenever either changes
-- (a variant's change touches the product's `price_min_cents` to have it computed again).
create or replace function catalog_product_price_range() returns trigger language plpgsql as $$
declare
  low integer;
  high integer;
begin
  select min(coalesce(v.price_cents, new.price_cents)), max(coalesce(v.price_cents, new.price_cents))
    into low, high
    from product_variants v
   where v.tenant_id = new.tenant_id and v.product_id = new.id and v.is_active;
  new.price_min_cents := coalesce(low, new.price_cents);
  new.price_max_cents := coalesce(high, new.price_cents);
  return new;
end $$;

create trigger products_price_range before insert or update of price_cents, price_min_cents on products
  for each row execute function catalog_product_price_range();

create or replace function catalog_variant_price_range() returns trigger language plpgsql as $$
declare
  changed product_variants;
begin
  if tg_op = 'DELETE' then changed := old; else changed := new; end if;
  update products set price_min_cents = price_min_cents
   where tenant_id = changed.tenant_id and id = changed.product_id;
  return null;
end $$;

create trigger product_variants_price_range
  after insert or delete or update of price_cents, is_active on product_variants
  for each row execute function catalog_variant_price_range();

-- The options' values are searched at the attributes' weight ("12 inch", "mirror").
create or replace function catalog_product_search_fill() returns trigger language plpgsql as $$
declare
  category_name text;
  attribute_text text;
  option_text text;
  sections text[];
  own_part text;
begin
  sections := regexp_split_to_array(new.long_html_description, '<h[1-6][\s>]', 'i');
  own_part := regexp_replace(coalesce(sections[1], ''), '<[^>]*>|&[a-z0-9#]+;', ' ', 'gi');
  if btrim(own_part) = '' then
    own_part := regexp_replace(coalesce(sections[2], ''), '<[^>]*>|&[a-z0-9#]+;', ' ', 'gi');
  end if;
  select c.name into category_name from categories c where c.tenant_id = new.tenant_id and c.id = new.category_id;
  select coalesce(string_agg(a.value, ' ' order by a."order", a.id), '') into attribute_text
    from product_attributes a where a.tenant_id = new.tenant_id and a.product_id = new.id;
  select coalesce(string_agg(v.value, ' '), '') into option_text
    from jsonb_array_elements(new.options) as o(option), jsonb_array_elements_text(o.option -> 'values') as v(value);
  attribute_text := btrim(attribute_text || ' ' || option_text);
  new.search_vector :=
    setweight(to_tsvector('english', new.name), 'A') ||
    setweight(to_tsvector('english', coalesce(category_name, '')), 'B') ||
    setweight(to_tsvector('english', attribute_text), 'C') ||
    setweight(to_tsvector('english', new.description || ' ' || own_part), 'D');
  new.search_text := lower(new.name || ' ' || coalesce(category_name, '') || ' ' || attribute_text);
  return new;
end $$;

drop trigger products_search_fill on products;
create trigger products_search_fill
  before insert or update of name, description, long_html_description, category_id, search_text, options
  on products for each row execute function catalog_product_search_fill();
