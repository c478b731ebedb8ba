-- The server's queries are short, or reports over one business that indexes bound: PostgreSQL's
-- JIT compiler took 85 to 300 ms to compile plans it guessed large (docs/performance.md), more
-- than most of them run. Off for this database's new sessions; a role that does not own the
-- database leaves the setting as it is (operations.md says how to set it by hand).
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit left as it is: only the database''s owner may set it';
END
$$;
