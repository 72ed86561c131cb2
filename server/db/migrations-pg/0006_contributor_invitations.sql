-- Invitations to help run the site (issue 26, server/contributors/). No page is built from them, so the table has
-- no change trigger (0005_change_notify; change-feed.test.ts lists it among the silent tables).
CREATE TABLE "contributor_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"email" text NOT NULL,
	"roles" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contributor_invitations" ADD CONSTRAINT "contributor_invitations_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contributor_invitations_token" ON "contributor_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contributor_invitations_site" ON "contributor_invitations" USING btree ("website_id","email");