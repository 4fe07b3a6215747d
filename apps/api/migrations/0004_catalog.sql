-- Catalog: images, categories, products, attributes, gallery images, reviews, search synonyms.
create extension if not exists pg_trgm;
-- Lets GIN indexes (full text, trigrams) lead with tenant_id like every other index.
create extension if not exists btree_gin;

-- Re-encoded images (media module): a full WebP and a thumbnail WebP, with their dimensions for the page.
create table media_images (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  image_key text not null,
  thumb_key text not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  thumb_width integer not null check (thumb_width > 0),
  thumb_height integer not null check (thumb_height > 0),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

create table categories (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 100),
  name text not null check (length(trim(name)) between 1 and 100),
  -- Sanitized HTML (lib/rich-text.ts).
  description text not null default '',
  position integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index categories_slug on categories (tenant_id, slug);
create index categories_order on categories (tenant_id, position, name);

create table products (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  category_id integer not null,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 200),
  name text not null check (length(trim(name)) between 1 and 200),
  description text not null default '',
  -- Sanitized HTML (lib/rich-text.ts).
  long_html_description text not null default '',
  price_cents integer not null check (price_cents >= 0),
  price_before_discount_cents integer check (price_before_discount_cents >= 0),
  -- NOTE: orders lock the row (select … for update) and decrement; the check keeps it from going negative.
  stock integer not null default 0 check (stock >= 0),
  is_active boolean not null default true,
  is_featured boolean not null default false,
  main_image_id integer,
  main_image_alt text not null default '',
  -- Kept in step by the review service, in the transaction that adds a review.
  review_count integer not null default 0 check (review_count >= 0),
  rating_sum integer not null default 0 check (rating_sum >= 0),
  -- Maintained by triggers below: weighted full-text document and the text trigram similarity runs on.
  search_vector tsvector not null default ''::tsvector,
  search_text text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, category_id) references categories (tenant_id, id) on delete restrict,
  foreign key (tenant_id, main_image_id) references media_images (tenant_id, id) on delete set null (main_image_id)
);
create unique index products_slug on products (tenant_id, slug);
-- One index per public ordering (only active products are ever listed), and per category.
create index products_active_newest on products (tenant_id, created_at desc, id desc) where is_active;
create index products_active_price on products (tenant_id, price_cents, id) where is_active;
create index products_active_name on products (tenant_id, name, id) where is_active;
create index products_active_category on products (tenant_id, category_id, created_at desc, id desc) where is_active;
create index products_active_featured on products (tenant_id, is_featured) where is_active;
create index products_search on products using gin (tenant_id, search_vector);
create index products_search_trgm on products using gin (tenant_id, search_text gin_trgm_ops);

create table product_images (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  product_id integer not null,
  image_id integer not null,
  alt_text text not null default '',
  "order" integer not null default 0,
  primary key (tenant_id, id),
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade,
  foreign key (tenant_id, image_id) references media_images (tenant_id, id) on delete cascade
);
create index product_images_product on product_images (tenant_id, product_id, "order", id);

create table product_attributes (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  product_id integer not null,
  key text not null check (length(trim(key)) between 1 and 100),
  value text not null check (length(value) <= 500),
  "order" integer not null default 0,
  primary key (tenant_id, id),
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade
);
create index product_attributes_product on product_attributes (tenant_id, product_id, "order", id);

create table product_reviews (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  product_id integer not null,
  user_id integer not null,
  rating smallint not null check (rating between 1 and 5),
  comment text not null check (length(trim(comment)) between 1 and 2000),
  is_verified_purchase boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
-- One review per customer per product.
create unique index product_reviews_one_per_user on product_reviews (tenant_id, product_id, user_id);
create index product_reviews_product on product_reviews (tenant_id, product_id, created_at desc, id desc);

-- Words shoppers use interchangeably (transliterations, plurals English stemming does not join): each row is one
-- group of equivalent terms, lower case; a term may have several words ("gurkha knife").
create table search_synonyms (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  terms text[] not null check (cardinality(terms) >= 2),
  primary key (tenant_id, id)
);

-- The search document of a product: name (A), category (B), attributes (C), description (D).
create function catalog_product_search_fill() returns trigger language plpgsql as $$
declare
  category_name text;
  attribute_text text;
begin
  select c.name into category_name from categories c where c.tenant_id = new.tenant_id and c.id = new.category_id;
  select coalesce(string_agg(a.key || ' ' || a.value, ' ' order by a."order", a.id), '') into attribute_text
    from product_attributes a where a.tenant_id = new.tenant_id and a.product_id = new.id;
  new.search_vector :=
    setweight(to_tsvector('english', new.name), 'A') ||
    setweight(to_tsvector('english', coalesce(category_name, '')), 'B') ||
    setweight(to_tsvector('english', attribute_text), 'C') ||
    setweight(to_tsvector('english', new.description), 'D');
  new.search_text := lower(new.name || ' ' || coalesce(category_name, '') || ' ' || attribute_text);
  return new;
end $$;

create trigger products_search_fill before insert or update of name, description, category_id, search_text
  on products for each row execute function catalog_product_search_fill();

-- Attributes and category names feed the document: touching them refreshes their products (per statement).
create function catalog_attributes_refresh() returns trigger language plpgsql as $$
begin
  update products p set search_text = ''
    from (select distinct tenant_id, product_id from changed_attributes) x
   where p.tenant_id = x.tenant_id and p.id = x.product_id;
  return null;
end $$;

create trigger product_attributes_inserted after insert on product_attributes
  referencing new table as changed_attributes for each statement execute function catalog_attributes_refresh();
create trigger product_attributes_updated after update on product_attributes
  referencing new table as changed_attributes for each statement execute function catalog_attributes_refresh();
create trigger product_attributes_deleted after delete on product_attributes
  referencing old table as changed_attributes for each statement execute function catalog_attributes_refresh();

create function catalog_category_refresh() returns trigger language plpgsql as $$
begin
  if new.name is distinct from old.name then
    update products set search_text = '' where tenant_id = new.tenant_id and category_id = new.id;
  end if;
  return null;
end $$;

create trigger categories_renamed after update of name on categories
  for each row execute function catalog_category_refresh();
