CREATE TABLE `gateway_sessions` (
	`tran_id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`amount_paisa` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`session_key` text,
	`redirect_url` text,
	`val_id` text,
	`bank_tran_id` text,
	`paid_paisa` integer,
	`risk_level` integer,
	`refund_ref_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `gateway_sessions_booking_idx` ON `gateway_sessions` (`booking_id`,`status`);