CREATE TABLE `quote_lines` (
	`quote_id` text NOT NULL,
	`position` integer NOT NULL,
	`tool_id` text NOT NULL,
	`name` text NOT NULL,
	`quantity` integer NOT NULL,
	`list_unit_price_paisa` integer NOT NULL,
	`unit_price_paisa` integer,
	PRIMARY KEY(`quote_id`, `position`),
	CONSTRAINT "quote_lines_quantity_check" CHECK("quote_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE `quote_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_id` text NOT NULL,
	`sender` text NOT NULL,
	`author` text NOT NULL,
	`text` text NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quote_messages_quote_idx` ON `quote_messages` (`quote_id`,`at`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_no` integer NOT NULL,
	`customer` text NOT NULL,
	`customer_name` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`tool_names` text DEFAULT '' NOT NULL,
	`delivery_fee_paisa` integer,
	`valid_until` integer,
	`order_id` text,
	`decline_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK(status in ('requested', 'offered', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_quote_no_idx` ON `quotes` (`quote_no`);--> statement-breakpoint
CREATE INDEX `quotes_customer_idx` ON `quotes` (`customer`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quotes_created_idx` ON `quotes` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quotes_status_idx` ON `quotes` (`status`,`created_at`,`id`);