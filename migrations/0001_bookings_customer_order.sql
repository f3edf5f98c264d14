DROP INDEX `bookings_customer_idx`;--> statement-breakpoint
CREATE INDEX `bookings_customer_idx` ON `bookings` (`customer`,`created_at`,`id`);