-- The shop's locale and time zone: every date and price of its storefront is formatted with them, on the server and
-- in the browser alike. New shops: en-US and UTC; the demo shop is in Nepal.
alter table site_settings
  add column locale text not null default 'en-US' check (length(locale) between 2 and 35),
  add column time_zone text not null default 'UTC' check (length(time_zone) between 1 and 64);

update site_settings
   set time_zone = 'Asia/Kathmandu'
 where tenant_id in (select id from tenants where token = 'khukuri-demo');
