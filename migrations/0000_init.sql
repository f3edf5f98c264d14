CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`service_id` text NOT NULL,
	`service` text NOT NULL,
	`unit_price_paisa` integer NOT NULL,
	`quantity` integer NOT NULL,
	`price_paisa` integer NOT NULL,
	`customer` text NOT NULL,
	`customer_name` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`status` text DEFAULT 'unpaid' NOT NULL,
	`transaction_id` text,
	`payment_intent_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`paid_at` integer,
	CONSTRAINT "bookings_status_check" CHECK("bookings"."status" in ('unpaid', 'paid', 'cancelled')),
	CONSTRAINT "bookings_quantity_check" CHECK("bookings"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `bookings_customer_idx` ON `bookings` (`customer`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_status_idx` ON `bookings` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_transaction_idx` ON `bookings` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`client_key` text NOT NULL,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_client_idx` ON `contact_messages` (`client_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`reply_to` text,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`amount_paisa` integer NOT NULL,
	`currency` text DEFAULT 'bdt' NOT NULL,
	`status` text DEFAULT 'requires_payment_method' NOT NULL,
	`client_secret` text NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_intents_booking_idx` ON `payment_intents` (`booking_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_intents_secret_idx` ON `payment_intents` (`client_secret`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`img` text NOT NULL,
	`rating` integer,
	`user_email` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK("reviews"."rating" is null or "reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX `reviews_created_idx` ON `reviews` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `tools` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`price_paisa` integer NOT NULL,
	`quantity` integer NOT NULL,
	`minimum_quantity` integer NOT NULL,
	`img` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "tools_price_check" CHECK("tools"."price_paisa" >= 0),
	CONSTRAINT "tools_quantity_check" CHECK("tools"."quantity" >= 0),
	CONSTRAINT "tools_minimum_check" CHECK("tools"."minimum_quantity" >= 1)
);
--> statement-breakpoint
CREATE INDEX `tools_created_idx` ON `tools` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tools_price_idx` ON `tools` (`price_paisa`,`id`);--> statement-breakpoint
CREATE INDEX `tools_name_idx` ON `tools` (`name`,`id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`firebase_uid` text,
	`name` text DEFAULT '' NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`education` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`social` text DEFAULT '' NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_email_lower_check" CHECK("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('admin', 'user'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
