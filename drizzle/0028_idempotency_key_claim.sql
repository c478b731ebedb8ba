-- A keyed write claims its Idempotency-Key in the same round trip as its first reads, not in
-- one of its own (docs/performance.md#round-trips-of-an-order). A claim that finds the key held
-- (used and not yet past its time, or taken by a request still in flight, which it waited for)
-- must then end the transaction itself: it calls this, the error aborts the transaction, and
-- the server answers from the key's stored row instead.
CREATE FUNCTION harvest_hui_key_held() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'This Idempotency-Key is already held' USING ERRCODE = 'HH410';
END $$;
