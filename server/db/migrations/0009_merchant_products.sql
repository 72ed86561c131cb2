ALTER TABLE `products` ADD `archived` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `variants` ADD `weight_grams` integer;