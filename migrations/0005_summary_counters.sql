CREATE TABLE `order_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `revenue_days` (
	`day` integer PRIMARY KEY NOT NULL,
	`paid_paisa` integer DEFAULT 0 NOT NULL,
	`refunded_paisa` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The admin overview's figures kept as data (GET /api/admin/summary; decision 006): orders
-- per status and revenue per UTC day, kept in step with bookings by the triggers below, in
-- the very statement that inserts an order or changes it. So every way an order is written
-- (the lifecycle's moves, a placed order, data loaded by hand) counts exactly once, and a
-- refused or repeated move, which changes no row, counts nothing.
-- Not in worker/db/schema.ts: drizzle-kit has no triggers. A migration that rebuilds
-- bookings drops them with the old table and must create them again (as 0003 did the search's).
-- `day` is days since the epoch, UTC: cast(ms / 86400000 as integer).
CREATE TRIGGER `bookings_summary_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO `order_counts` (`status`, `n`) VALUES (new.`status`, 1)
    ON CONFLICT (`status`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `revenue_days` (`day`, `paid_paisa`)
    SELECT CAST(new.`paid_at` / 86400000 AS INTEGER), new.`price_paisa` WHERE new.`paid_at` IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `paid_paisa` = `paid_paisa` + excluded.`paid_paisa`;
  INSERT INTO `revenue_days` (`day`, `refunded_paisa`)
    SELECT CAST(new.`refunded_at` / 86400000 AS INTEGER), new.`price_paisa` WHERE new.`refunded_at` IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `refunded_paisa` = `refunded_paisa` + excluded.`refunded_paisa`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_summary_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE `order_counts` SET `n` = `n` - 1 WHERE `status` = old.`status`;
  UPDATE `revenue_days` SET `paid_paisa` = `paid_paisa` - old.`price_paisa` WHERE `day` = CAST(old.`paid_at` / 86400000 AS INTEGER);
  UPDATE `revenue_days` SET `refunded_paisa` = `refunded_paisa` - old.`price_paisa` WHERE `day` = CAST(old.`refunded_at` / 86400000 AS INTEGER);
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_summary_status` AFTER UPDATE OF `status` ON `bookings` WHEN old.`status` IS NOT new.`status` BEGIN
  UPDATE `order_counts` SET `n` = `n` - 1 WHERE `status` = old.`status`;
  INSERT INTO `order_counts` (`status`, `n`) VALUES (new.`status`, 1)
    ON CONFLICT (`status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_summary_paid` AFTER UPDATE OF `paid_at`, `price_paisa` ON `bookings`
WHEN old.`paid_at` IS NOT new.`paid_at` OR (new.`paid_at` IS NOT NULL AND old.`price_paisa` IS NOT new.`price_paisa`) BEGIN
  UPDATE `revenue_days` SET `paid_paisa` = `paid_paisa` - old.`price_paisa` WHERE `day` = CAST(old.`paid_at` / 86400000 AS INTEGER);
  INSERT INTO `revenue_days` (`day`, `paid_paisa`)
    SELECT CAST(new.`paid_at` / 86400000 AS INTEGER), new.`price_paisa` WHERE new.`paid_at` IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `paid_paisa` = `paid_paisa` + excluded.`paid_paisa`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_summary_refunded` AFTER UPDATE OF `refunded_at`, `price_paisa` ON `bookings`
WHEN old.`refunded_at` IS NOT new.`refunded_at` OR (new.`refunded_at` IS NOT NULL AND old.`price_paisa` IS NOT new.`price_paisa`) BEGIN
  UPDATE `revenue_days` SET `refunded_paisa` = `refunded_paisa` - old.`price_paisa` WHERE `day` = CAST(old.`refunded_at` / 86400000 AS INTEGER);
  INSERT INTO `revenue_days` (`day`, `refunded_paisa`)
    SELECT CAST(new.`refunded_at` / 86400000 AS INTEGER), new.`price_paisa` WHERE new.`refunded_at` IS NOT NULL
    ON CONFLICT (`day`) DO UPDATE SET `refunded_paisa` = `refunded_paisa` + excluded.`refunded_paisa`;
END;
--> statement-breakpoint
-- The orders already there: counted and summed once, from bookings as it stands. The
-- migration is applied as one transaction, so no order is written between this and the triggers.
INSERT INTO `order_counts` (`status`, `n`) SELECT `status`, count(*) FROM `bookings` GROUP BY `status`;
--> statement-breakpoint
INSERT INTO `revenue_days` (`day`, `paid_paisa`, `refunded_paisa`)
SELECT `day`, sum(`paid`), sum(`refunded`) FROM (
  SELECT CAST(`paid_at` / 86400000 AS INTEGER) AS `day`, `price_paisa` AS `paid`, 0 AS `refunded` FROM `bookings` WHERE `paid_at` IS NOT NULL
  UNION ALL
  SELECT CAST(`refunded_at` / 86400000 AS INTEGER), 0, `price_paisa` FROM `bookings` WHERE `refunded_at` IS NOT NULL
) GROUP BY `day`;
