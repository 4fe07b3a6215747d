-- Selling abroad (issue 48): the shop's own country (ISO 3166-1 alpha-2; '' unset), from which an order to any other
-- is one that leaves it (customs papers, and the checkout's notice of import duties, in the shop's words: '' takes
-- the platform's sentence); the age an age-restricted order's buyer confirms; and whether the courier must take an
-- adult's signature for such an order (printed on its packing slip). An order keeps the age its buyer confirmed
-- (null: it held nothing age-restricted).
alter table site_settings
  add column country text not null default '' check (country ~ '^([A-Z]{2})?$'),
  add column duties_notice text not null default '' check (length(duties_notice) <= 500),
  add column adult_age smallint not null default 18 check (adult_age between 16 and 25),
  add column adult_signature boolean not null default false;

alter table orders add column confirmed_age smallint check (confirmed_age between 16 and 25);

-- The demo shop ships from Dharan, Nepal, and its courier takes an adult's signature for a blade.
update site_settings
   set country = 'NP', adult_signature = true
 where tenant_id in (select id from tenants where token = 'khukuri-demo');
