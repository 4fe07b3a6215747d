-- Related concepts: groups of words a shop's products are described with that answer one another's searches without
-- meaning the same ("trekking", "trail", "campfire", "bushcraft"). Unlike synonyms they widen what a search finds
-- but rank below the products holding the search's own words (decision 017).
create table search_concepts (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  terms text[] not null check (cardinality(terms) >= 2),
  primary key (tenant_id, id)
);

-- The detailed description's own part joins the search document at the description's weight (D), its HTML tags left
-- out: its words of use ("splits kindling", "at the campfire") are what shoppers search by. Its own part is the text
-- before its first heading (or, when it opens with one, its first section): the sections a shop repeats on every
-- product ("Specifications", "Care") would make every product answer their words ("hone", "oil").
create or replace function catalog_product_search_fill() returns trigger language plpgsql as $$
declare
  category_name text;
  attribute_text text;
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
  before insert or update of name, description, long_html_description, category_id, search_text
  on products for each row execute function catalog_product_search_fill();

update products set search_text = '';

-- The words of the descriptions join the catalog's words, marked: a word a description holds ("chopping") is no
-- misspelling to correct into another ("chopper"), but only the words of names, categories and attribute values are
-- offered as corrections (a description's many words would make poor ones).
alter table search_words add column described boolean not null default false;

create or replace function catalog_search_words_add() returns trigger language plpgsql as $$
begin
  insert into search_words (tenant_id, word)
  select distinct new.tenant_id, w
    from regexp_split_to_table(new.search_text, '[^a-z]+') as w
   where length(w) between 3 and 100
  on conflict (tenant_id, word) do update set described = false where search_words.described;
  insert into search_words (tenant_id, word, described)
  select distinct new.tenant_id, w, true
    from regexp_split_to_table(lower(new.description || ' ' ||
           regexp_replace(new.long_html_description, '<[^>]*>|&[a-z0-9#]+;', ' ', 'gi')), '[^a-z]+') as w
   where length(w) between 3 and 100
  on conflict do nothing;
  return null;
end $$;

drop trigger products_search_words_update on products;
create trigger products_search_words_update after update on products
  for each row when (old.search_text is distinct from new.search_text or old.description is distinct from new.description
                     or old.long_html_description is distinct from new.long_html_description)
  execute function catalog_search_words_add();

insert into search_words (tenant_id, word, described)
select distinct p.tenant_id, w, true
  from products p,
       regexp_split_to_table(lower(p.description || ' ' ||
         regexp_replace(p.long_html_description, '<[^>]*>|&[a-z0-9#]+;', ' ', 'gi')), '[^a-z]+') as w
 where length(w) between 3 and 100
on conflict do nothing;
