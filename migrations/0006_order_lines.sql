CREATE TABLE `cart_lines` (
	`customer` text NOT NULL,
	`tool_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`added_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`customer`, `tool_id`),
	CONSTRAINT "cart_lines_quantity_check" CHECK("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `cart_lines_customer_idx` ON `cart_lines` (`customer`,`added_at`);--> statement-breakpoint
CREATE TABLE `document_serials` (
	`series` text PRIMARY KEY NOT NULL,
	`last` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_lines` (
	`order_id` text NOT NULL,
	`position` integer NOT NULL,
	`tool_id` text NOT NULL,
	`name` text NOT NULL,
	`img` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_paisa` integer NOT NULL,
	`price_paisa` integer NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`vat_paisa` integer NOT NULL,
	`weight_hundredths` integer NOT NULL,
	PRIMARY KEY(`order_id`, `position`),
	CONSTRAINT "order_lines_quantity_check" CHECK("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `order_lines_tool_idx` ON `order_lines` (`tool_id`,`order_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `delivery_fee_paisa` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `total_paisa` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `vat_paisa` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `line_count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `tool_names` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `delivery_method` text DEFAULT 'courier' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `delivery_zone` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `delivery_address` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `payment_method` text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `company_bin` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `po_number` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `note` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `quote_id` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `invoice_number` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `invoice_issued_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `credit_note_number` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `credit_note_issued_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_invoice_idx` ON `bookings` (`invoice_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_credit_note_idx` ON `bookings` (`credit_note_number`);--> statement-breakpoint
CREATE INDEX `bookings_invoice_issued_idx` ON `bookings` (`invoice_issued_at`);--> statement-breakpoint
CREATE INDEX `bookings_credit_note_issued_idx` ON `bookings` (`credit_note_issued_at`);--> statement-breakpoint
-- Tools gain a weight and a VAT rate. Added in place, not by drizzle-kit's table rebuild: the
-- checks go with the columns (SQLite allows that for ADD COLUMN).
ALTER TABLE `tools` ADD `weight_hundredths` integer DEFAULT 100 NOT NULL CONSTRAINT "tools_weight_check" CHECK(`weight_hundredths` between 0 and 100000);--> statement-breakpoint
ALTER TABLE `tools` ADD `vat_rate_bp` integer DEFAULT 1500 NOT NULL CONSTRAINT "tools_vat_rate_check" CHECK(`vat_rate_bp` in (0, 500, 750, 1000, 1500));--> statement-breakpoint
-- Every order so far becomes an order of one line: its tool, quantity and prices as they were,
-- 15% VAT included (the rate every tool has until an admin says otherwise), no delivery fee
-- (none was charged), the delivery address as the order form took it. The VAT is rounded to the
-- paisa half away from zero: (2 × price × rate + divisor) div (2 × divisor), prices being >= 0.
UPDATE `bookings` SET
  `total_paisa` = `price_paisa`,
  `vat_paisa` = (2 * `price_paisa` * 1500 + 11500) / 23000,
  `tool_names` = `service`,
  `delivery_address` = json_object('name', `customer_name`, 'phone', `phone`, 'line1', `address`,
    'line2', NULL, 'city', NULL, 'district', NULL, 'postcode', NULL);
--> statement-breakpoint
INSERT INTO `order_lines` (`order_id`, `position`, `tool_id`, `name`, `img`, `quantity`, `unit_price_paisa`,
  `price_paisa`, `vat_rate_bp`, `vat_paisa`, `weight_hundredths`)
SELECT b.`id`, 0, b.`service_id`, b.`service`, coalesce(t.`img`, ''), b.`quantity`, b.`unit_price_paisa`,
  b.`price_paisa`, 1500, b.`vat_paisa`, 100
FROM `bookings` b LEFT JOIN `tools` t ON t.`id` = b.`service_id`;
--> statement-breakpoint
-- Revenue by day reads the total from the index alone.
DROP INDEX `bookings_paid_at_idx`;--> statement-breakpoint
DROP INDEX `bookings_refunded_at_idx`;--> statement-breakpoint
CREATE INDEX `bookings_paid_at_idx` ON `bookings` (`paid_at`,`total_paisa`);--> statement-breakpoint
CREATE INDEX `bookings_refunded_at_idx` ON `bookings` (`refunded_at`,`total_paisa`);
--> statement-breakpoint
-- Revenue is what was paid: the total (goods and delivery), no longer the goods alone. Old
-- orders have total = price, so revenue_days stays as it was.
DROP TRIGGER `bookings_summary_insert`;--> statement-breakpoint
DROP TRIGGER `bookings_summary_delete`;--> statement-breakpoint
DROP TRIGGER `bookings_summary_paid`;--> statement-breakpoint
DROP TRIGGER `bookings_summary_refunded`;--> statement-breakpoint
CREATE TRIGGER `bookings_summary_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO `order_counts` (`status`, `n`) VALUES (new.`status`, 1)
    ON CONFLICT (`status`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `revenue_days` (`day`, `paid_paisa`)
    SELECT CAST(new.`paid_at` / 86400000 AS INTEGER), new.`total_paisa` WHERE new.`paid_at` IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `paid_paisa` = `paid_paisa` + excluded.`paid_paisa`;
  INSERT INTO `revenue_days` (`day`, `refunded_paisa`)
    SELECT CAST(new.`refunded_at` / 86400000 AS INTEGER), new.`total_paisa` WHERE new.`refunded_at` IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `refunded_paisa` = `refunded_paisa` + excluded.`refunded_paisa`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_summary_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE `order_counts` SET `n` = `n` - 1 WHERE `status` = old.`status`;
  UPDATE `revenue_days` SET `paid_paisa` = `paid_paisa` - old.`total_paisa` WHERE `day` = CAST(old.`paid_at` / 86400000 AS INTEGER);
  UPDATE `revenue_days` SET `refunded_paisa` = `refunded_paisa` - old.`total_paisa` WHERE `day` = CAST(old.`refunded_at` / 86400000 AS INTEGER);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_summary_paid` AFTER UPDATE OF `paid_at`, `total_paisa` ON `bookings`
WHEN old.`paid_at` IS NOT new.`paid_at` OR (new.`paid_at` IS NOT NULL AND old.`total_paisa` IS NOT new.`total_paisa`) BEGIN
  UPDATE `revenue_days` SET `paid_paisa` = `paid_paisa` - old.`total_paisa` WHERE `day` = CAST(old.`paid_at` / 86400000 AS INTEGER);
  INSERT INTO `revenue_days` (`day`, `paid_paisa`)
    SELECT CAST(new.`paid_at` / 86400000 AS INTEGER), new.`total_paisa` WHERE new.`paid_at` IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `paid_paisa` = `paid_paisa` + excluded.`paid_paisa`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_summary_refunded` AFTER UPDATE OF `refunded_at`, `total_paisa` ON `bookings`
WHEN old.`refunded_at` IS NOT new.`refunded_at` OR (new.`refunded_at` IS NOT NULL AND old.`total_paisa` IS NOT new.`total_paisa`) BEGIN
  UPDATE `revenue_days` SET `refunded_paisa` = `refunded_paisa` - old.`total_paisa` WHERE `day` = CAST(old.`refunded_at` / 86400000 AS INTEGER);
  INSERT INTO `revenue_days` (`day`, `refunded_paisa`)
    SELECT CAST(new.`refunded_at` / 86400000 AS INTEGER), new.`total_paisa` WHERE new.`refunded_at` IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `refunded_paisa` = `refunded_paisa` + excluded.`refunded_paisa`;
END;
--> statement-breakpoint
-- The order desk's search finds an order by any of its tools: the index reads `tool_names`
-- (every line's name) where it read `service` (the first line's).
DROP TRIGGER `bookings_search_insert`;--> statement-breakpoint
DROP TRIGGER `bookings_search_delete`;--> statement-breakpoint
DROP TRIGGER `bookings_search_update`;--> statement-breakpoint
DROP TABLE `order_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `order_search` USING fts5(`customer`, `customer_name`, `tool_names`, `transaction_id`, content='bookings', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `bookings_search_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO `order_search` (rowid, `customer`, `customer_name`, `tool_names`, `transaction_id`)
  VALUES (new.rowid, new.`customer`, new.`customer_name`, new.`tool_names`, new.`transaction_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_search_delete` AFTER DELETE ON `bookings` BEGIN
  INSERT INTO `order_search` (`order_search`, rowid, `customer`, `customer_name`, `tool_names`, `transaction_id`)
  VALUES ('delete', old.rowid, old.`customer`, old.`customer_name`, old.`tool_names`, old.`transaction_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_search_update` AFTER UPDATE OF `customer`, `customer_name`, `tool_names`, `transaction_id` ON `bookings` BEGIN
  INSERT INTO `order_search` (`order_search`, rowid, `customer`, `customer_name`, `tool_names`, `transaction_id`)
  VALUES ('delete', old.rowid, old.`customer`, old.`customer_name`, old.`tool_names`, old.`transaction_id`);
  INSERT INTO `order_search` (rowid, `customer`, `customer_name`, `tool_names`, `transaction_id`)
  VALUES (new.rowid, new.`customer`, new.`customer_name`, new.`tool_names`, new.`transaction_id`);
END;
--> statement-breakpoint
INSERT INTO `order_search` (`order_search`) VALUES ('rebuild');
