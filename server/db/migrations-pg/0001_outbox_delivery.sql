DROP INDEX "outbox_emails_unsent";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "claim_id" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_emails_due" ON "outbox_emails" USING btree ("status","next_attempt_at","created_at");--> statement-breakpoint
CREATE INDEX "outbox_emails_site" ON "outbox_emails" USING btree ("website_id","created_at");--> statement-breakpoint
UPDATE "outbox_emails" SET "status" = 'sent' WHERE "sent_at" IS NOT NULL;