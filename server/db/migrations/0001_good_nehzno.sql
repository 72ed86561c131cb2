CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`collection_id` text NOT NULL,
	`display_name` text NOT NULL,
	`parent_category_id` text,
	`type` text NOT NULL,
	`page_rendering` text DEFAULT 'LIST_VIEW' NOT NULL,
	`display_index` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `categories_collection` ON `categories` (`collection_id`);--> statement-breakpoint
CREATE TABLE `contributors` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`roles` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contributors_email` ON `contributors` (`website_id`,`email`);--> statement-breakpoint
CREATE TABLE `form_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`form_id` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`form_id`) REFERENCES `forms`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `form_submissions_form` ON `form_submissions` (`form_id`);--> statement-breakpoint
CREATE TABLE `forms` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`name` text NOT NULL,
	`fields` text DEFAULT '[]' NOT NULL,
	`submission_message` text DEFAULT '' NOT NULL,
	`submission_html` text DEFAULT '' NOT NULL,
	`success_redirect` text,
	`disclaimer_message` text DEFAULT '' NOT NULL,
	`captcha_enabled` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`order_number` integer NOT NULL,
	`purchased_cart_id` text NOT NULL,
	`test_mode` integer DEFAULT true NOT NULL,
	`email` text NOT NULL,
	`customer` text DEFAULT '{}' NOT NULL,
	`items` text NOT NULL,
	`currency` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`shipping_cents` integer NOT NULL,
	`discount_cents` integer NOT NULL,
	`grand_total_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchased_cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `owner_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`contributor_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`contributor_id`) REFERENCES `contributors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `records` (
	`id` text PRIMARY KEY NOT NULL,
	`collection_id` text NOT NULL,
	`url_id` text NOT NULL,
	`record_type` integer NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`author_name` text,
	`categories` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`publish_on` integer NOT NULL,
	`start_date` integer,
	`end_date` integer,
	`asset_url` text,
	`comment_state` integer DEFAULT 0 NOT NULL,
	`public_comment_count` integer DEFAULT 0 NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`starred` integer DEFAULT false NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`ordering` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `records_url` ON `records` (`collection_id`,`url_id`);--> statement-breakpoint
CREATE TABLE `site_documents` (
	`website_id` text NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`website_id`, `name`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `carts` ADD `kind` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE `carts` ADD `order_id` text;--> statement-breakpoint
ALTER TABLE `collections` ADD `body` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `settings` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `categories` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `tags` text DEFAULT '[]' NOT NULL;