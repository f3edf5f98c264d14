ALTER TABLE `users` ADD `identity_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `session_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `removed_by` text;--> statement-breakpoint
CREATE INDEX `users_removed_idx` ON `users` (`removed_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_service_status_idx` ON `bookings` (`service_id`,`status`);--> statement-breakpoint
CREATE INDEX `bookings_customer_status_idx` ON `bookings` (`customer`,`status`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_email`,`created_at`);