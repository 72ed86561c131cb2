CREATE TABLE `contributor_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`email` text NOT NULL,
	`roles` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contributor_invitations_token` ON `contributor_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `contributor_invitations_site` ON `contributor_invitations` (`website_id`,`email`);