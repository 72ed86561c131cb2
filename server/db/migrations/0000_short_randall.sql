CREATE TABLE `cart_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`cart_id` text NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text,
	`quantity` integer NOT NULL,
	`additional_fields` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cart_entries_cart` ON `cart_entries` (`cart_id`);--> statement-breakpoint
CREATE TABLE `carts` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`url_id` text NOT NULL,
	`title` text NOT NULL,
	`navigation_title` text,
	`description` text DEFAULT '' NOT NULL,
	`type` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`ordering` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_url` ON `collections` (`website_id`,`url_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`collection_id` text NOT NULL,
	`url_id` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`product_type` integer NOT NULL,
	`price_cents` integer,
	`sale_price_cents` integer,
	`on_sale` integer DEFAULT false NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`variant_option_ordering` text DEFAULT '[]' NOT NULL,
	`is_subscribable` integer DEFAULT false NOT NULL,
	`subscription_plan` text,
	`use_custom_add_button_text` integer DEFAULT false NOT NULL,
	`custom_add_button_text` text,
	`merchandising` text DEFAULT '{}' NOT NULL,
	`additional_fields_form` text,
	`image_url` text,
	`ordering` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_url` ON `products` (`collection_id`,`url_id`);--> statement-breakpoint
CREATE TABLE `variants` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`sku` text NOT NULL,
	`attributes` text DEFAULT '{}' NOT NULL,
	`price_cents` integer NOT NULL,
	`sale_price_cents` integer DEFAULT 0 NOT NULL,
	`on_sale` integer DEFAULT false NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`unlimited` integer DEFAULT false NOT NULL,
	`qty_in_stock` integer DEFAULT 0 NOT NULL,
	`ordering` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `variants_product` ON `variants` (`product_id`);--> statement-breakpoint
CREATE TABLE `websites` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`time_zone` text DEFAULT 'America/New_York' NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`localized_strings` text DEFAULT '{}' NOT NULL
);
