CREATE TABLE `order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`status` text NOT NULL,
	`actor` text NOT NULL,
	`actor_email` text,
	`note` text,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_events_booking_idx` ON `order_events` (`booking_id`,`at`);--> statement-breakpoint
-- History of the orders placed before this migration, from their timestamps.
INSERT INTO `order_events` (`id`, `booking_id`, `status`, `actor`, `at`)
SELECT lower(hex(randomblob(12))), `id`, 'unpaid', 'customer', `created_at` FROM `bookings`;
--> statement-breakpoint
INSERT INTO `order_events` (`id`, `booking_id`, `status`, `actor`, `at`)
SELECT lower(hex(randomblob(12))), `id`, 'paid', 'payment', coalesce(`paid_at`, `updated_at`) FROM `bookings` WHERE `status` = 'paid';
--> statement-breakpoint
INSERT INTO `order_events` (`id`, `booking_id`, `status`, `actor`, `at`)
SELECT lower(hex(randomblob(12))), `id`, 'cancelled', 'system', `updated_at` FROM `bookings` WHERE `status` = 'cancelled';
