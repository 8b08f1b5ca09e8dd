-- What a followed Slack, Mattermost or Matrix direct message shows now
-- (issue 43): '' while it is the alarm as sent (with its button), else the
-- outcome it was edited to ("Acknowledged by ann"). A withdrawal makes the
-- two differ, and the message is edited back to the alarm, a new button in it.
ALTER TABLE contact_follow_ups ADD COLUMN shown TEXT NOT NULL DEFAULT '';
