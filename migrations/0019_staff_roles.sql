CREATE TABLE `user_roles` (
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`granted_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "user_roles_role_check" CHECK("user_roles"."role" in ('owner', 'manager', 'orders', 'catalogue', 'finance', 'support'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_roles_one_owner_idx` ON `user_roles` (`role`) WHERE role = 'owner';--> statement-breakpoint
-- Every admin keeps running the shop: the admin created first (then the lowest id) becomes the
-- owner, every other admin a manager; removed admins get no role (restored, they are customers).
INSERT INTO `user_roles` (`user_id`, `role`)
SELECT `id`,
  CASE WHEN `id` = (
    SELECT `id` FROM `users` WHERE `role` = 'admin' AND `removed_at` IS NULL ORDER BY `created_at`, `id` LIMIT 1
  ) THEN 'owner' ELSE 'manager' END
FROM `users` WHERE `role` = 'admin' AND `removed_at` IS NULL;
