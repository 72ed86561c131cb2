CREATE TABLE `analytics_daily` (
	`website_id` text NOT NULL,
	`day` text NOT NULL,
	`page_views` integer DEFAULT 0 NOT NULL,
	`unique_visitors` integer DEFAULT 0 NOT NULL,
	`add_to_cart` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`website_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `analytics_day_visitors` (
	`website_id` text NOT NULL,
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`website_id`, `day`, `visitor`)
);
--> statement-breakpoint
CREATE TABLE `analytics_errors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`website_id` text NOT NULL,
	`received_at` integer NOT NULL,
	`day` text NOT NULL,
	`event` text NOT NULL,
	`timestamp` integer NOT NULL,
	`message` text NOT NULL,
	`page` text NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_errors_day` ON `analytics_errors` (`day`);--> statement-breakpoint
CREATE TABLE `analytics_errors_daily` (
	`website_id` text NOT NULL,
	`day` text NOT NULL,
	`message` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`last_seen` integer NOT NULL,
	`last_page` text NOT NULL,
	PRIMARY KEY(`website_id`, `day`, `message`)
);
--> statement-breakpoint
CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`website_id` text NOT NULL,
	`received_at` integer NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`name` text NOT NULL,
	`visitor` text,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_events_day` ON `analytics_events` (`day`);--> statement-breakpoint
CREATE TABLE `analytics_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`website_id` text NOT NULL,
	`received_at` integer NOT NULL,
	`day` text NOT NULL,
	`event` text NOT NULL,
	`visitor` text,
	`visit` text,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_hits_day` ON `analytics_hits` (`day`);--> statement-breakpoint
CREATE TABLE `analytics_lcp_daily` (
	`website_id` text NOT NULL,
	`day` text NOT NULL,
	`path` text NOT NULL,
	`b0` integer DEFAULT 0 NOT NULL,
	`b1` integer DEFAULT 0 NOT NULL,
	`b2` integer DEFAULT 0 NOT NULL,
	`b3` integer DEFAULT 0 NOT NULL,
	`b4` integer DEFAULT 0 NOT NULL,
	`b5` integer DEFAULT 0 NOT NULL,
	`b6` integer DEFAULT 0 NOT NULL,
	`b7` integer DEFAULT 0 NOT NULL,
	`b8` integer DEFAULT 0 NOT NULL,
	`b9` integer DEFAULT 0 NOT NULL,
	`b10` integer DEFAULT 0 NOT NULL,
	`b11` integer DEFAULT 0 NOT NULL,
	`b12` integer DEFAULT 0 NOT NULL,
	`b13` integer DEFAULT 0 NOT NULL,
	`b14` integer DEFAULT 0 NOT NULL,
	`b15` integer DEFAULT 0 NOT NULL,
	`b16` integer DEFAULT 0 NOT NULL,
	`b17` integer DEFAULT 0 NOT NULL,
	`b18` integer DEFAULT 0 NOT NULL,
	`b19` integer DEFAULT 0 NOT NULL,
	`b20` integer DEFAULT 0 NOT NULL,
	`b21` integer DEFAULT 0 NOT NULL,
	`b22` integer DEFAULT 0 NOT NULL,
	`b23` integer DEFAULT 0 NOT NULL,
	`b24` integer DEFAULT 0 NOT NULL,
	`b25` integer DEFAULT 0 NOT NULL,
	`b26` integer DEFAULT 0 NOT NULL,
	`b27` integer DEFAULT 0 NOT NULL,
	`b28` integer DEFAULT 0 NOT NULL,
	`b29` integer DEFAULT 0 NOT NULL,
	`b30` integer DEFAULT 0 NOT NULL,
	`b31` integer DEFAULT 0 NOT NULL,
	`b32` integer DEFAULT 0 NOT NULL,
	`b33` integer DEFAULT 0 NOT NULL,
	`b34` integer DEFAULT 0 NOT NULL,
	`b35` integer DEFAULT 0 NOT NULL,
	`b36` integer DEFAULT 0 NOT NULL,
	`b37` integer DEFAULT 0 NOT NULL,
	`b38` integer DEFAULT 0 NOT NULL,
	`b39` integer DEFAULT 0 NOT NULL,
	`b40` integer DEFAULT 0 NOT NULL,
	`b41` integer DEFAULT 0 NOT NULL,
	`b42` integer DEFAULT 0 NOT NULL,
	`b43` integer DEFAULT 0 NOT NULL,
	`b44` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`website_id`, `day`, `path`)
);
--> statement-breakpoint
CREATE TABLE `analytics_lcp_monthly` (
	`website_id` text NOT NULL,
	`month` text NOT NULL,
	`path` text NOT NULL,
	`b0` integer DEFAULT 0 NOT NULL,
	`b1` integer DEFAULT 0 NOT NULL,
	`b2` integer DEFAULT 0 NOT NULL,
	`b3` integer DEFAULT 0 NOT NULL,
	`b4` integer DEFAULT 0 NOT NULL,
	`b5` integer DEFAULT 0 NOT NULL,
	`b6` integer DEFAULT 0 NOT NULL,
	`b7` integer DEFAULT 0 NOT NULL,
	`b8` integer DEFAULT 0 NOT NULL,
	`b9` integer DEFAULT 0 NOT NULL,
	`b10` integer DEFAULT 0 NOT NULL,
	`b11` integer DEFAULT 0 NOT NULL,
	`b12` integer DEFAULT 0 NOT NULL,
	`b13` integer DEFAULT 0 NOT NULL,
	`b14` integer DEFAULT 0 NOT NULL,
	`b15` integer DEFAULT 0 NOT NULL,
	`b16` integer DEFAULT 0 NOT NULL,
	`b17` integer DEFAULT 0 NOT NULL,
	`b18` integer DEFAULT 0 NOT NULL,
	`b19` integer DEFAULT 0 NOT NULL,
	`b20` integer DEFAULT 0 NOT NULL,
	`b21` integer DEFAULT 0 NOT NULL,
	`b22` integer DEFAULT 0 NOT NULL,
	`b23` integer DEFAULT 0 NOT NULL,
	`b24` integer DEFAULT 0 NOT NULL,
	`b25` integer DEFAULT 0 NOT NULL,
	`b26` integer DEFAULT 0 NOT NULL,
	`b27` integer DEFAULT 0 NOT NULL,
	`b28` integer DEFAULT 0 NOT NULL,
	`b29` integer DEFAULT 0 NOT NULL,
	`b30` integer DEFAULT 0 NOT NULL,
	`b31` integer DEFAULT 0 NOT NULL,
	`b32` integer DEFAULT 0 NOT NULL,
	`b33` integer DEFAULT 0 NOT NULL,
	`b34` integer DEFAULT 0 NOT NULL,
	`b35` integer DEFAULT 0 NOT NULL,
	`b36` integer DEFAULT 0 NOT NULL,
	`b37` integer DEFAULT 0 NOT NULL,
	`b38` integer DEFAULT 0 NOT NULL,
	`b39` integer DEFAULT 0 NOT NULL,
	`b40` integer DEFAULT 0 NOT NULL,
	`b41` integer DEFAULT 0 NOT NULL,
	`b42` integer DEFAULT 0 NOT NULL,
	`b43` integer DEFAULT 0 NOT NULL,
	`b44` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`website_id`, `month`, `path`)
);
--> statement-breakpoint
CREATE TABLE `analytics_performance` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`website_id` text NOT NULL,
	`received_at` integer NOT NULL,
	`day` text NOT NULL,
	`page_load_id` text NOT NULL,
	`app` text NOT NULL,
	`event` text NOT NULL,
	`ts` integer NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_performance_day` ON `analytics_performance` (`day`);--> statement-breakpoint
CREATE INDEX `form_submissions_created` ON `form_submissions` (`created_at`,`form_id`);--> statement-breakpoint
CREATE INDEX `orders_created` ON `orders` (`website_id`,`created_at`,`currency`,`grand_total_cents`);--> statement-breakpoint
CREATE INDEX `restock_signups_created` ON `restock_signups` (`website_id`,`created_at`);