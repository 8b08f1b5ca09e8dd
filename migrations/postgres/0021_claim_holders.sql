-- Claims tied to their holder's database session, so a crashed worker's
-- claims return at once instead of when their lease runs out.
--
-- Each worker holds a random key as a session advisory lock on its LISTEN
-- connection and lists it here; its claims carry the key. PostgreSQL drops
-- the lock the moment that session ends (the process died, its socket
-- closed), and any worker that can then take the lock knows the holder is
-- gone and releases its claims. The lease stays, renewed by the holder's
-- heartbeat, for what a session cannot show: a holder whose machine
-- vanished keeps its session until TCP gives up on it.
--
-- claimed_by is not indexed: claims stay HOT updates (0013). Releasing a
-- dead holder's claims reads the queue once, which happens once per death.
ALTER TABLE deliveries ADD COLUMN claimed_by BIGINT;
CREATE TABLE delivery_holders (
    holder BIGINT PRIMARY KEY,
    since TIMESTAMPTZ NOT NULL DEFAULT now()
);
