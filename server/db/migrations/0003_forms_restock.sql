CREATE TABLE `form_submission_keys` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `form_submission_keys_expiry` ON `form_submission_keys` (`expires_at`);--> statement-breakpoint
CREATE TABLE `outbox_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`language` text,
	`related` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `outbox_emails_unsent` ON `outbox_emails` (`sent_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `restock_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`email` text NOT NULL,
	`is_join_mailing_list` integer DEFAULT false NOT NULL,
	`language` text,
	`created_at` integer NOT NULL,
	`notified_at` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `restock_signups_variant_email` ON `restock_signups` (`variant_id`,`email`);--> statement-breakpoint
CREATE INDEX `restock_signups_group` ON `restock_signups` (`product_id`,`variant_id`);--> statement-breakpoint
ALTER TABLE `form_submissions` ADD `meta` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `forms` ADD `captcha_theme` text DEFAULT 'light' NOT NULL;--> statement-breakpoint
ALTER TABLE `forms` ADD `captcha_alignment` text DEFAULT 'left' NOT NULL;