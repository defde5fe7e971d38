-- A sign-in attempt is reserved on its guards before the password is verified: attempts in flight count
-- with the failures, so a burst of simultaneous guesses gets no more verifications than the lock allows.
ALTER TABLE ops.login_guards ADD COLUMN IF NOT EXISTS in_flight smallint NOT NULL DEFAULT 0 CHECK (in_flight >= 0);
