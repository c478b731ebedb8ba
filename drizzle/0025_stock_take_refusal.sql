-- A restaurant's placement sends its takes of stock together with its commit, so the hot
-- product's row is held for the time PostgreSQL needs and not for a round trip to the server
-- (docs/performance.md#the-commit-sent-with-the-stock). A take that finds the product other
-- than the checks read it must then end the transaction itself: it calls this, the error
-- aborts the transaction, and the commit that follows rolls it back. Its code tells the
-- server to place the order again the ordinary way, which says why it was refused.
CREATE FUNCTION harvest_hui_refuse_take(product_id integer) RETURNS numeric LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The stock of product % is not as the placement read it', product_id
    USING ERRCODE = 'HH409';
END $$;
