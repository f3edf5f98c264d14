CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_bookings` (
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
	`order_no` integer,
	`transaction_id` text,
	`payment_intent_id` text,
	`refund_id` text,
	`carrier` text,
	`tracking_number` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`paid_at` integer,
	`shipped_at` integer,
	`delivered_at` integer,
	`refunded_at` integer,
	CONSTRAINT "bookings_status_check" CHECK(status in ('unpaid', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')),
	CONSTRAINT "bookings_quantity_check" CHECK("__new_bookings"."quantity" > 0)
);
--> statement-breakpoint
-- Only the columns the old table has (0000): the new ones (order_no, refund_id, carrier,
-- tracking_number, shipped_at, delivered_at, refunded_at) start NULL; order_no is backfilled below.
-- NOTE: backticks, not double quotes: SQLite reads an unknown double-quoted name as a string
-- literal (every row would get the column's name as its value); an unknown backticked one fails.
INSERT INTO `__new_bookings`(`id`, `service_id`, `service`, `unit_price_paisa`, `quantity`, `price_paisa`, `customer`, `customer_name`, `phone`, `address`, `status`, `transaction_id`, `payment_intent_id`, `created_at`, `updated_at`, `paid_at`) SELECT `id`, `service_id`, `service`, `unit_price_paisa`, `quantity`, `price_paisa`, `customer`, `customer_name`, `phone`, `address`, `status`, `transaction_id`, `payment_intent_id`, `created_at`, `updated_at`, `paid_at` FROM `bookings`;--> statement-breakpoint
DROP TABLE `bookings`;--> statement-breakpoint
ALTER TABLE `__new_bookings` RENAME TO `bookings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `bookings_customer_idx` ON `bookings` (`customer`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_status_idx` ON `bookings` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_paid_at_idx` ON `bookings` (`paid_at`,`price_paisa`);--> statement-breakpoint
CREATE INDEX `bookings_refunded_at_idx` ON `bookings` (`refunded_at`,`price_paisa`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_order_no_idx` ON `bookings` (`order_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_transaction_idx` ON `bookings` (`transaction_id`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `html` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `status` text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `dedupe_key` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `sent_at` integer;--> statement-breakpoint
-- Every e-mail already in the outbox was written there as sent (the local outbox), so it was sent then.
UPDATE `email_outbox` SET `sent_at` = `created_at` WHERE `sent_at` IS NULL AND `status` = 'sent';--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_idx` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `refund_id` text;--> statement-breakpoint
CREATE INDEX `tools_low_stock_idx` ON `tools` (("quantity" - "minimum_quantity"));--> statement-breakpoint
-- Order numbers for the orders placed before this migration, in the order they were placed.
UPDATE `bookings` SET `order_no` = 10000 + (
  SELECT `n` FROM (SELECT `id`, row_number() OVER (ORDER BY `created_at`, `id`) AS `n` FROM `bookings`) AS `ranked`
  WHERE `ranked`.`id` = `bookings`.`id`
);
--> statement-breakpoint
-- The order desk's search (customer e-mail or name, tool, transaction id; any part of it,
-- case-insensitive): an FTS5 trigram index over bookings, kept in step by triggers.
-- Not in worker/db/schema.ts: drizzle-kit has no virtual tables.
CREATE VIRTUAL TABLE `order_search` USING fts5(`customer`, `customer_name`, `service`, `transaction_id`, content='bookings', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `bookings_search_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO `order_search` (rowid, `customer`, `customer_name`, `service`, `transaction_id`)
  VALUES (new.rowid, new.`customer`, new.`customer_name`, new.`service`, new.`transaction_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_search_delete` AFTER DELETE ON `bookings` BEGIN
  INSERT INTO `order_search` (`order_search`, rowid, `customer`, `customer_name`, `service`, `transaction_id`)
  VALUES ('delete', old.rowid, old.`customer`, old.`customer_name`, old.`service`, old.`transaction_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_search_update` AFTER UPDATE OF `customer`, `customer_name`, `service`, `transaction_id` ON `bookings` BEGIN
  INSERT INTO `order_search` (`order_search`, rowid, `customer`, `customer_name`, `service`, `transaction_id`)
  VALUES ('delete', old.rowid, old.`customer`, old.`customer_name`, old.`service`, old.`transaction_id`);
  INSERT INTO `order_search` (rowid, `customer`, `customer_name`, `service`, `transaction_id`)
  VALUES (new.rowid, new.`customer`, new.`customer_name`, new.`service`, new.`transaction_id`);
END;
--> statement-breakpoint
INSERT INTO `order_search` (`order_search`) VALUES ('rebuild');
