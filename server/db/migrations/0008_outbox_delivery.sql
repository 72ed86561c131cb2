DROP INDEX `outbox_emails_unsent`;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `body_html` text;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `status` text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `claim_id` text;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `lease_expires_at` integer;--> statement-breakpoint
CREATE INDEX `outbox_emails_due` ON `outbox_emails` (`status`,`next_attempt_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_emails_site` ON `outbox_emails` (`website_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilled_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_carrier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text;--> statement-breakpoint
UPDATE `outbox_emails` SET `status` = 'sent' WHERE `sent_at` IS NOT NULL;