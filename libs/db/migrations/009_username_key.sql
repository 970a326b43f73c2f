-- Usernames are compared through one normalised key computed in JavaScript
-- (libs/catalogue/username-key.ts: NFKC + simple lowercase mapping) and never through
-- PostgreSQL's lower(), whose folding differs from JavaScript's for characters such as U+0130
-- (issue 12: "rlf\u0130x" logged in as "rlfix" while the login limiter counted another key).
-- Every stored username matches ^[A-Za-z0-9._-]{3,64}$ (the only names the REST API, the CLI
-- and ADMIN_USERNAME accept), and for ASCII lower() is exactly that key, so the backfill
-- below equals what the code computes.
ALTER TABLE users ADD COLUMN username_key text;
UPDATE users SET username_key = lower(username);
ALTER TABLE users ALTER COLUMN username_key SET NOT NULL;
DROP INDEX users_username_key;
CREATE UNIQUE INDEX users_username_key ON users (username_key);

-- The application always writes the key itself. Rows inserted by hand (operators' SQL, test
-- fixtures) get the same ASCII folding, so such an insert cannot leave the key empty.
CREATE FUNCTION users_fill_username_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.username_key IS NULL THEN NEW.username_key := lower(NEW.username); END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_fill_username_key BEFORE INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_fill_username_key();
