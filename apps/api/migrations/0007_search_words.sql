-- The words of each shop's catalog (names, categories, attribute values), so that a misspelled word of a search can
-- be read as the catalog's word it is closest to ("sirupati" → "sirupate") and then found through the full-text
-- index, instead of comparing the misspelling with the text of every product.
create table search_words (
  tenant_id integer not null references tenants (id) on delete cascade,
  word text not null check (length(word) between 3 and 100),
  primary key (tenant_id, word)
);
create index search_words_trgm on search_words using gin (tenant_id, word gin_trgm_ops);

-- Words are only ever added: a word no product uses any more leads a search to no product, which is harmless.
create or replace function catalog_search_words_add() returns trigger language plpgsql as $$
begin
  insert into search_words (tenant_id, word)
  select distinct new.tenant_id, w
    from regexp_split_to_table(new.search_text, '[^a-z]+') as w
   where length(w) between 3 and 100
  on conflict do nothing;
  return null;
end $$;

create trigger products_search_words_insert after insert on products
  for each row execute function catalog_search_words_add();
create trigger products_search_words_update after update on products
  for each row when (old.search_text is distinct from new.search_text) execute function catalog_search_words_add();

insert into search_words (tenant_id, word)
select distinct p.tenant_id, w
  from products p, regexp_split_to_table(p.search_text, '[^a-z]+') as w
 where length(w) between 3 and 100
on conflict do nothing;
