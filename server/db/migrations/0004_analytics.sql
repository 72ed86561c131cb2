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
	`bucket` integer NOT NULL,
	`samples` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`website_id`, `day`, `path`, `bucket`)
);
--> statement-breakpoint
CREATE TABLE `analytics_lcp_monthly` (
	`website_id` text NOT NULL,
	`month` text NOT NULL,
	`path` text NOT NULL,
	`bucket` integer NOT NULL,
	`samples` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`website_id`, `month`, `path`, `bucket`)
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