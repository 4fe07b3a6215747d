-- An order placed while its shop took payments through the built-in test gateway is a test order: staff see it marked
-- as such, and no card was charged for it.
alter table orders add column is_test boolean not null default false;
