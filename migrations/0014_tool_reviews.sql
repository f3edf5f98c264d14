CREATE TABLE `tool_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`tool_id` text NOT NULL,
	`customer` text NOT NULL,
	`name` text NOT NULL,
	`rating` integer NOT NULL,
	`title` text,
	`body` text NOT NULL,
	`order_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "tool_reviews_rating_check" CHECK("tool_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_reviews_customer_idx` ON `tool_reviews` (`tool_id`,`customer`);--> statement-breakpoint
CREATE INDEX `tool_reviews_tool_idx` ON `tool_reviews` (`tool_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tool_reviews_created_idx` ON `tool_reviews` (`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `tools` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tools` ADD `rating_sum` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A tool's rating count and sum follow its reviews, in the statement that writes the review
-- (hand-written: drizzle-kit knows no triggers). Only these two columns change, so the search
-- index's triggers (0007, on name, description, specs and category) do not fire.
CREATE TRIGGER `tool_reviews_rating_insert` AFTER INSERT ON `tool_reviews` BEGIN
  UPDATE `tools` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + new.`rating`
  WHERE `id` = new.`tool_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tool_reviews_rating_delete` AFTER DELETE ON `tool_reviews` BEGIN
  UPDATE `tools` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - old.`rating`
  WHERE `id` = old.`tool_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tool_reviews_rating_update` AFTER UPDATE OF `rating`, `tool_id` ON `tool_reviews` BEGIN
  UPDATE `tools` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - old.`rating`
  WHERE `id` = old.`tool_id`;
  UPDATE `tools` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + new.`rating`
  WHERE `id` = new.`tool_id`;
END;
