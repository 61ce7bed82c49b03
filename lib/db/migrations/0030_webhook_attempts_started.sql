-- The attempts under way, which an account's webhook slot count reads at every claim (decision 091):
-- only the rows of attempts started and not yet recorded, however long an endpoint's history.
CREATE INDEX "webhook_deliveries_started_idx" ON "webhook_deliveries" USING btree ("endpoint_id") WHERE attempt_started_at IS NOT NULL;