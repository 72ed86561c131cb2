-- Page caches across nodes (issue 25; server/db/change-feed.ts): a statement that changes a table pages are built
-- from sends NOTIFY tessera_changes (delivered at commit, one per transaction), and every node empties its page
-- cache. Not the node-state and log tables (sessions, throttle, write limits, outbox, form keys and submissions,
-- analytics): they change on nearly every request and no page is built from them. change-feed.test.ts fails
-- when a table is in neither list.
CREATE FUNCTION tessera_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('tessera_changes', ''); RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "websites" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collections" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "records" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "forms" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_documents" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contributors" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_users" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "carts" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cart_entries" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
--> statement-breakpoint
CREATE TRIGGER tessera_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "restock_signups" FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_change();
