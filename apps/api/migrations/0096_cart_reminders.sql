-- One reminder for a cart left behind (issue 49), only to a customer who agreed to marketing e-mail: the account
-- keeps when it was given (`marketing_consent_at`; null: not given, or withdrawn by the unsubscribe link or the
-- account's settings). A cart whose lines have not changed for ABANDONED_CART_REMINDER_MINUTES is claimed by one
-- conditional update of `reminded_at` in the transaction that queues its e-mail (once across instances); a cart
-- changed after its reminder may be reminded again a day later, at most twice until it is emptied.
alter table users add column marketing_consent_at timestamptz;

alter table carts
  add column reminded_at timestamptz,
  add column reminders_sent integer not null default 0 check (reminders_sent between 0 and 2);

create index carts_to_remind on carts (tenant_id, updated_at) where reminders_sent < 2;
