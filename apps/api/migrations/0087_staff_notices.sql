-- The e-mails the shop's staff get (issue 45): a new order, and once a day what runs low on stock, each to the shop's
-- own address and each on by default. `low_stock_mailed_on` is the shop's calendar day the last low-stock e-mail was
-- sent for: one conditional update claims a day, so however many instances run the job, a day gets one e-mail.
alter table mail_settings
  add column notify_new_order boolean not null default true,
  add column notify_low_stock boolean not null default true,
  add column low_stock_mailed_on date;
