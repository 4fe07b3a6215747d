-- Made to order (issue 49): a product, or one variant of a product sold in options, that the forge makes when it is
-- ordered. At stock 0 it stays on sale: an order takes from stock what is there and the rest is made, to ship within
-- its lead time. A variant made to order has its own lead time; a variant of a product made to order that is not
-- itself marked takes the product's.
alter table products
  add column made_to_order boolean not null default false,
  add column lead_time_days integer check (lead_time_days between 1 and 365),
  add constraint products_made_to_order_lead_time check (not made_to_order or lead_time_days is not null);

alter table product_variants
  add column made_to_order boolean not null default false,
  add column lead_time_days integer check (lead_time_days between 1 and 365),
  add constraint product_variants_made_to_order_lead_time check (not made_to_order or lead_time_days is not null);

-- The day by which an order line made to order ships (the day it was placed, on the shop's calendar, plus the lead
-- time), and the order's: its latest line's. Null for goods that were in stock.
alter table order_lines add column ships_by date;
alter table orders add column ships_by date;
create index orders_ships_by on orders (tenant_id, ships_by) where ships_by is not null;
