-- Catalog search under row-level security: the two ways into its indexes (decision 010 names them as doors).
-- The products whose text has words alike to a search's (trigram word similarity, `%>`: a misspelling), from the
-- trigram index products_search_trgm. Under row-level security (0050) the planner uses an index only for operators
-- marked LEAKPROOF, which `%>` is not: a search compared every product's text instead, tens of microseconds a row
-- (0.1–0.2 s on 10 000 products). This function runs as its owner (the migrating user: a superuser or BYPASSRLS,
-- decision 010), where no policy applies and the index serves; it names the shop itself, with the policy's own
-- expression (the transaction's `app.tenant_id`; none set: no row), and returns the ids of that shop's products only.
-- The threshold is the session's pg_trgm.word_similarity_threshold (0.45, db/client.ts).
create function catalog_search_similar(fuzzy text) returns setof integer
language sql stable security definer
set search_path = public, pg_temp
rows 100
as $$
  select p.id from public.products p
   where p.tenant_id = nullif(current_setting('app.tenant_id', true), '')::integer
     and p.is_active and p.search_text %> fuzzy
$$;

revoke all on function catalog_search_similar(text) from public;
grant execute on function catalog_search_similar(text) to platform_app;

-- The first `max_rows` products with the words of a full-text query: the candidates of a search that finds few
-- products are read by their ids, where the same match made for every product (the policy keeps `@@` from the index
-- too) would read the whole shop. Same door and same shop as above. Planned for each query's own words (dynamic SQL:
-- a plan made for any words would read the index for common words as well, where the table read in order stops
-- sooner).
create function catalog_search_matching(query tsquery, max_rows integer) returns setof integer
language plpgsql stable security definer
set search_path = public, pg_temp
rows 100
as $$
begin
  return query execute
    'select p.id from public.products p
      where p.tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::integer
        and p.is_active and p.search_vector @@ $1
      limit $2'
    using query, max_rows;
end
$$;

revoke all on function catalog_search_matching(tsquery, integer) from public;
grant execute on function catalog_search_matching(tsquery, integer) to platform_app;
