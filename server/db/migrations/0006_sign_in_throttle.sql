CREATE TABLE `sign_in_throttle` (
	`account` text PRIMARY KEY NOT NULL,
	`attempts` integer NOT NULL,
	`last_attempt_at` integer NOT NULL,
	`wait_until` integer NOT NULL
);
