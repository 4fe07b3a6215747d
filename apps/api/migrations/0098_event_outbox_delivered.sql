-- Delivered events are kept a month (`OUTBOX_KEPT_DAYS`), then pruned by the outbox's hourly job: found by when they
-- were delivered.
create index event_outbox_delivered on event_outbox (tenant_id, delivered_at) where delivered_at is not null;
