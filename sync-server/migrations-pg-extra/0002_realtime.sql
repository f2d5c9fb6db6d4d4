-- Real-time bus (sync-server/src/replication/pg-bus.ts): a batch of events too big for a NOTIFY payload
-- (> 7,000 bytes) is stored here and the notification carries its id. Rows are purged after a minute.
CREATE TABLE IF NOT EXISTS realtime_payloads (
  id bigserial PRIMARY KEY,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS realtime_payloads_created_at ON realtime_payloads (created_at);
