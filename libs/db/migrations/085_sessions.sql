-- Login sessions of the embedded default (issue 20): they were in memory, so a restart logged
-- everyone out. express-session's store writes one row per session here (services/api/auth/
-- database-session-store.ts over libs/db/session.repository.ts); `expires_at` is the idle
-- timeout, renewed while the session is used, and expired rows are deleted by the store's
-- sweep. Server mode keeps its sessions in Redis and leaves this table empty.
CREATE TABLE sessions (
  sid text PRIMARY KEY,
  data jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
