ALTER TABLE `bookings` ADD `hold_until` integer;--> statement-breakpoint
CREATE INDEX `bookings_method_idx` ON `bookings` (`payment_method`,`status`,`created_at`,`id`);