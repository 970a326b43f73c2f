-- Two levels of administration (issue 12): an organisation ADMIN manages their organisation;
-- a service administrator (this flag, set only by the CLI and for the bootstrap admin) manages
-- what is shared by every organisation: the CSW identity, the queue dashboard, the status of
-- shared components.
ALTER TABLE users ADD COLUMN is_service_admin boolean NOT NULL DEFAULT false;

-- The admin created on the first start is the operator's account: it keeps managing the
-- service. On an existing install that is the oldest ADMIN of the bootstrap organisation.
UPDATE users SET is_service_admin = true
 WHERE id = (SELECT u.id FROM users u JOIN organisations o ON o.id = u.organisation_id
              WHERE u.role = 'ADMIN' AND lower(o.name) = lower('Organisasi Utama')
              ORDER BY u.created_at, u.id LIMIT 1);

-- Sessions remember the epoch they were opened under; a password change or reset bumps it,
-- so every older session of that user stops being valid on its next request.
ALTER TABLE users ADD COLUMN session_epoch integer NOT NULL DEFAULT 0;
