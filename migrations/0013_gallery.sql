ALTER TABLE `tools` ADD `images` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Every tool's one photo becomes its gallery (issue 25): `img` stays the main photo, images[0].
-- Not a column the search index's triggers watch: the index is left as it is.
UPDATE `tools` SET `images` = json_array(`img`);
