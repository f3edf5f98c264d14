ALTER TABLE `tools` ADD `price_tiers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tools` ADD `pack_size` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `company_bin` text;