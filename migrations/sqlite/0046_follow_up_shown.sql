-- A followed Slack, Mattermost or Matrix direct message (issue 43) is
-- edited to say who took its alarm, and back to the alarm when that
-- acknowledgement is withdrawn. Kept for it:
--   shown          what it shows now: '' while it is the alarm (as sent or
--                  edited back), else the outcome ("Acknowledged by ann").
--   answers_back   whether it carries a way to take the alarm (a button, a
--                  ✅ invitation): only for someone who may take it.
--   edited_at      its last edit, which the next waits a few seconds after
--                  (a flood of acknowledgements and withdrawals is a few edits).
--   answers_after  a Matrix message's answers at or before it (the
--                  homeserver's clock) take nothing: read when it was made
--                  the alarm again, or when one was refused.
ALTER TABLE contact_follow_ups ADD COLUMN shown TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_follow_ups ADD COLUMN answers_back INTEGER NOT NULL DEFAULT 1;
ALTER TABLE contact_follow_ups ADD COLUMN edited_at INTEGER;
ALTER TABLE contact_follow_ups ADD COLUMN answers_after INTEGER;
