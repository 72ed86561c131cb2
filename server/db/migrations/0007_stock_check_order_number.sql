CREATE UNIQUE INDEX `orders_number` ON `orders` (`website_id`,`order_number`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_variants` (
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
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "variants_stock_not_negative" CHECK("__new_variants"."qty_in_stock" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_variants`("id", "product_id", "sku", "attributes", "price_cents", "sale_price_cents", "on_sale", "currency", "unlimited", "qty_in_stock", "ordering") SELECT "id", "product_id", "sku", "attributes", "price_cents", "sale_price_cents", "on_sale", "currency", "unlimited", "qty_in_stock", "ordering" FROM `variants`;--> statement-breakpoint
DROP TABLE `variants`;--> statement-breakpoint
ALTER TABLE `__new_variants` RENAME TO `variants`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `variants_product` ON `variants` (`product_id`);