CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`parent_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "categories_parent_check" CHECK("categories"."parent_id" is null or "categories"."parent_id" <> "categories"."id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_idx` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_parent_idx` ON `categories` (`parent_id`,`name`);--> statement-breakpoint
ALTER TABLE `tools` ADD `category_id` text;--> statement-breakpoint
ALTER TABLE `tools` ADD `specs` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `tools_category_idx` ON `tools` (`category_id`,`created_at`,`id`);--> statement-breakpoint
-- The catalogue's search (GET /api/service?q=): the words of each tool's name, description,
-- specifications and category (its parent's name and its own), each word of a search matched as
-- a prefix, ranked by bm25. Case and accents are folded (unicode61); combining marks (M*) are
-- part of a word, so Bengali words stay whole. Prefix indexes of 2 and 3 characters keep short
-- prefixes ("dr*") from scanning the whole term list.
-- A table that keeps its own text, not external content: the category is not a column of tools.
-- Rows are keyed by the tool's rowid; a migration that rebuilds `tools` (which renumbers rowids)
-- must rebuild this index, as the last statement here does.
-- Not in worker/db/schema.ts: drizzle-kit has no virtual tables.
CREATE VIRTUAL TABLE `tool_search` USING fts5(`name`, `description`, `specs`, `category`, tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'", prefix='2 3');
--> statement-breakpoint
-- The text the index holds for the tool `new` (the same expressions in every trigger below):
--   specs:    every row's name and value, "Power 750 W Chuck 13 mm"
--   category: the parent's name and the category's, "Drills SDS drills"
CREATE TRIGGER `tools_search_insert` AFTER INSERT ON `tools` BEGIN
  INSERT INTO `tool_search` (rowid, `name`, `description`, `specs`, `category`) VALUES (
    new.rowid, new.`name`, new.`description`,
    (SELECT group_concat(json_extract(s.value, '$.name') || ' ' || json_extract(s.value, '$.value'), ' ') FROM json_each(new.`specs`) s),
    (SELECT coalesce(p.`name` || ' ', '') || c.`name` FROM `categories` c LEFT JOIN `categories` p ON p.`id` = c.`parent_id` WHERE c.`id` = new.`category_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `tools_search_delete` AFTER DELETE ON `tools` BEGIN
  DELETE FROM `tool_search` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
-- Stock and price changes (every order) touch none of these columns and leave the index alone.
CREATE TRIGGER `tools_search_update` AFTER UPDATE OF `name`, `description`, `specs`, `category_id` ON `tools` BEGIN
  DELETE FROM `tool_search` WHERE rowid = old.rowid;
  INSERT INTO `tool_search` (rowid, `name`, `description`, `specs`, `category`) VALUES (
    new.rowid, new.`name`, new.`description`,
    (SELECT group_concat(json_extract(s.value, '$.name') || ' ' || json_extract(s.value, '$.value'), ' ') FROM json_each(new.`specs`) s),
    (SELECT coalesce(p.`name` || ' ', '') || c.`name` FROM `categories` c LEFT JOIN `categories` p ON p.`id` = c.`parent_id` WHERE c.`id` = new.`category_id`));
END;
--> statement-breakpoint
-- A category renamed or moved: its tools' and its children's tools' category words follow.
CREATE TRIGGER `categories_search_update` AFTER UPDATE OF `name`, `parent_id` ON `categories` BEGIN
  DELETE FROM `tool_search` WHERE rowid IN (
    SELECT t.rowid FROM `tools` t WHERE t.`category_id` = new.`id`
    UNION ALL SELECT t.rowid FROM `tools` t JOIN `categories` k ON k.`id` = t.`category_id` WHERE k.`parent_id` = new.`id`);
  INSERT INTO `tool_search` (rowid, `name`, `description`, `specs`, `category`)
  SELECT t.rowid, t.`name`, t.`description`,
    (SELECT group_concat(json_extract(s.value, '$.name') || ' ' || json_extract(s.value, '$.value'), ' ') FROM json_each(t.`specs`) s),
    (SELECT coalesce(p.`name` || ' ', '') || c.`name` FROM `categories` c LEFT JOIN `categories` p ON p.`id` = c.`parent_id` WHERE c.`id` = t.`category_id`)
  FROM `tools` t WHERE t.`category_id` = new.`id` OR t.`category_id` IN (SELECT k.`id` FROM `categories` k WHERE k.`parent_id` = new.`id`);
END;
--> statement-breakpoint
-- The tools there are already.
INSERT INTO `tool_search` (rowid, `name`, `description`, `specs`, `category`)
SELECT t.rowid, t.`name`, t.`description`, NULL, NULL FROM `tools` t;
