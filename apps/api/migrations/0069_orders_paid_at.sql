-- Revenue is read by the time orders were paid (the dashboard's today, the sales report's ranges): an index on when a
-- shop's orders were paid keeps a range to the orders paid within it, however many orders the shop has had.
create index orders_paid_at on orders (tenant_id, paid_at) where paid_at is not null;
