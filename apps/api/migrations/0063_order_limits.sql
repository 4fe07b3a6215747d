-- What one customer may hold without paying (a security audit found that one account could hold a product's whole
-- stock for 72 hours with one unpaid bank-transfer order): per shop, how many orders a customer may have awaiting
-- payment at once, and how many units of one product one order may take. The checkout's "check order limits" step
-- and the cart enforce them; the owner changes them with the other payment settings.
alter table payment_settings
  add column max_unpaid_orders integer not null default 3 check (max_unpaid_orders between 1 and 100),
  add column max_units_per_product integer not null default 10 check (max_units_per_product between 1 and 10000),
  alter column bank_transfer_timeout_minutes set default 1440,
  alter column custom_payment_timeout_minutes set default 1440;

-- Unpaid bank-transfer and custom orders hold their stock for 24 hours instead of 72. A shop still on the old default
-- never chose it (the administration could not change it): it moves to the new one. A shop that set another time
-- keeps it. Orders already placed keep the due time they were given.
update payment_settings set bank_transfer_timeout_minutes = 1440 where bank_transfer_timeout_minutes = 4320;
update payment_settings set custom_payment_timeout_minutes = 1440 where custom_payment_timeout_minutes = 4320;
