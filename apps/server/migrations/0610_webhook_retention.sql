-- Webhook events leave with the logging tables' retention (LOG_RETENTION_DAYS) once none of
-- their deliveries is pending: the sweep finds old events by time, checks their deliveries by
-- event, and the delete cascades to deliveries and attempts through this index too.
create index webhook_events_occurred_at on webhook_events (occurred_at);
create index webhook_deliveries_event on webhook_deliveries (event_id);
