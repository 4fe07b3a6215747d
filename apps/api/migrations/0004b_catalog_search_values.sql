-- Attribute keys ("Blade length", "Sheath", …) are the same on every product: in the search document they only
-- add noise (a product named "Sheath" lost to every knife with a "Sheath" attribute). Only values are indexed now.
create or replace function catalog_product_search_fill() returns trigger language plpgsql as $$
declare
  category_name text;
  attribute_text text;
begin
  select c.name into category_name from categories c where c.tenant_id = new.tenant_id and c.id = new.category_id;
  select coalesce(string_agg(a.value, ' ' order by a."order", a.id), '') into attribute_text
    from product_attributes a where a.tenant_id = new.tenant_id and a.product_id = new.id;
  new.search_vector :=
    setweight(to_tsvector('english', new.name), 'A') ||
    setweight(to_tsvector('english', coalesce(category_name, '')), 'B') ||
    setweight(to_tsvector('english', attribute_text), 'C') ||
    setweight(to_tsvector('english', new.description), 'D');
  new.search_text := lower(new.name || ' ' || coalesce(category_name, '') || ' ' || attribute_text);
  return new;
end $$;

update products set search_text = '';
