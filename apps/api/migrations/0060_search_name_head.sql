-- The head word of each product's name, the kind of thing it is: "Khukuri Leather Sheath (Dap)" is a sheath,
-- "Wedding Khukuri with Brass Sheath" and "Angkhola Khukuri 10 inch" are khukuris. A search that names a product
-- type ranks the products of that type above the accessories for it (whose names hold the type's word too).
-- Parentheses, a "with/for …" tail and a trailing size are left out before taking the last word.
alter table products add column search_head tsvector generated always as (
  to_tsvector('english'::regconfig, coalesce(substring(
    regexp_replace(
      regexp_replace(regexp_replace(name, '\([^)]*\)', ' ', 'g'), '\s(with|for|in)\s.*$', '', 'i'),
      '\s\d.*$', '')
    from '([^[:space:]]+)[[:space:]]*$'), ''))
) stored;
