-- Sorting tools by name is case-insensitive ("aardvark" among the A's), as the categories' names
-- sort: the name index takes the NOCASE collation the sort now reads with.
DROP INDEX `tools_name_idx`;--> statement-breakpoint
CREATE INDEX `tools_name_nocase_idx` ON `tools` ("name" collate nocase,`id`);