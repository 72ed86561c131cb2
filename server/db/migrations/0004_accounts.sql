CREATE TABLE `site_user_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`site_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `site_user_sessions_user` ON `site_user_sessions` (`site_user_id`);--> statement-breakpoint
CREATE TABLE `site_users` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`verified_at` integer,
	`locale` text,
	`cart_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_users_email` ON `site_users` (`website_id`,`email`);--> statement-breakpoint
ALTER TABLE `orders` ADD `site_user_id` text;--> statement-breakpoint
CREATE INDEX `orders_site_user` ON `orders` (`site_user_id`);