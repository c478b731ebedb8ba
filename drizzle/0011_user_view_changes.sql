-- Each server process keeps what GET /api/auth/user answers (docs/performance.md). Any change to
-- a user, or to the farm or restaurant profile of one, whoever makes it and from wherever, tells
-- every process on the live events channel when its transaction commits.
CREATE FUNCTION harvest_hui_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  before jsonb;
  key text := CASE WHEN TG_TABLE_NAME = 'users' THEN 'id' ELSE 'user_id' END;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  PERFORM pg_notify('harvest_hui_live_events',
    json_build_object('type', 'user.changed', 'userId', (changed->>key)::integer)::text);
  IF TG_OP = 'UPDATE' THEN
    before := to_jsonb(OLD);
    IF before->>key IS DISTINCT FROM changed->>key THEN
      PERFORM pg_notify('harvest_hui_live_events',
        json_build_object('type', 'user.changed', 'userId', (before->>key)::integer)::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_view_changed AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_user_changed();--> statement-breakpoint
CREATE TRIGGER farms_view_changed AFTER INSERT OR UPDATE OR DELETE ON "farms"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_user_changed();--> statement-breakpoint
CREATE TRIGGER restaurants_view_changed AFTER INSERT OR UPDATE OR DELETE ON "restaurants"
  FOR EACH ROW EXECUTE FUNCTION harvest_hui_user_changed();
