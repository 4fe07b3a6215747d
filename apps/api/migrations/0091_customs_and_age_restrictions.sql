-- Selling abroad (issue 48): what customs papers say of a product, and what only an adult may buy.
-- A product carries its HS code (the Harmonized System's heading and subheading, 6 digits, with an optional national
-- extension: `8211.92`, `8211.92.00`), its country of origin (ISO 3166-1 alpha-2), the description a customs
-- declaration gives it, and its weight in grams; '' or null where the shop has not said. A variant carries its own
-- only where it differs (null: the product's; `weight_grams` it had already). A product, or every product of a
-- category, may be age-restricted: an order holding one needs the buyer's confirmation of the shop's age.
alter table products
  add column hs_code text not null default '' check (hs_code ~ '^([0-9]{4}\.?[0-9]{2}(\.?[0-9]{2}){0,2})?$'),
  add column country_of_origin text not null default '' check (country_of_origin ~ '^([A-Z]{2})?$'),
  add column customs_description text not null default '' check (length(customs_description) <= 200),
  add column weight_grams integer check (weight_grams between 1 and 1000000),
  add column age_restricted boolean not null default false;

alter table product_variants
  add column hs_code text check (hs_code ~ '^[0-9]{4}\.?[0-9]{2}(\.?[0-9]{2}){0,2}$'),
  add column country_of_origin text check (country_of_origin ~ '^[A-Z]{2}$'),
  add column customs_description text check (length(customs_description) between 1 and 200);

alter table categories add column age_restricted boolean not null default false;

-- The demo shop, seeded before this migration, gets what its seed now writes: its knives are fixed-blade knives
-- (HS 8211.92) from Nepal, sold to adults (the four knife categories, and the karda's set); the sheath is a leather
-- case (4202.91), the care kit a whetstone's set (6804.22). Weights from the products' own "Weight" specification.
update categories
   set age_restricted = true
 where slug in ('traditional', 'service', 'ceremonial', 'kitchen-utility')
   and tenant_id in (select id from tenants where token = 'khukuri-demo');

update products
   set hs_code = case
         when slug = 'leather-khukuri-sheath' then '4202.91'
         when slug = 'blade-care-kit' then '6804.22'
         else '8211.92' end,
       country_of_origin = 'NP',
       customs_description = case
         when slug = 'leather-khukuri-sheath' then 'Knife sheath of buffalo leather over wood'
         when slug = 'blade-care-kit' then 'Blade care set: whetstone, oil, polishing cloth and leather strop'
         when slug = 'karda-chakmak-set' then 'Small fixed-blade knife with honing steel'
         else 'Khukuri: hand-forged fixed-blade knife of carbon steel, with sheath' end,
       age_restricted = (slug = 'karda-chakmak-set'),
       weight_grams = (select nullif(regexp_replace(product_attributes.value, '[^0-9]', '', 'g'), '')::integer
                         from product_attributes
                        where product_attributes.tenant_id = products.tenant_id
                          and product_attributes.product_id = products.id
                          and product_attributes.key = 'Weight'
                        limit 1)
 where tenant_id in (select id from tenants where token = 'khukuri-demo')
   and slug in ('angkhola-khukuri', 'bhojpure-khukuri', 'chitlange-khukuri', 'sirupate-khukuri', 'budhume-khukuri',
                'british-gurkha-army-issue-khukuri', 'indian-army-khukuri', 'mk2-ww2-khukuri',
                'gurkha-survival-khukuri', 'chandi-silver-ceremonial-khukuri', 'wedding-khukuri-brass',
                'dui-chirra-display-khukuri', 'kitchen-khukuri-chef-knife', 'khukuri-machete', 'farmers-khukuri',
                'leather-khukuri-sheath', 'karda-chakmak-set', 'blade-care-kit');

-- A variant of another blade length weighs what its own "Weight" specification says.
update product_variants
   set weight_grams = (select nullif(regexp_replace(attribute ->> 'value', '[^0-9]', '', 'g'), '')::integer
                         from jsonb_array_elements(product_variants.attributes) as attribute
                        where attribute ->> 'key' = 'Weight'
                        limit 1)
 where tenant_id in (select id from tenants where token = 'khukuri-demo')
   and weight_grams is null
   and attributes @> '[{"key": "Weight"}]'::jsonb;
