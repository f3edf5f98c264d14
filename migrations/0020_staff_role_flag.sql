-- `users.role` is the wire's `role` ("admin" for staff, "user" for a customer) and follows
-- `user_roles` alone: these triggers keep it so, whoever writes the roles.
UPDATE `users` SET `role` = CASE WHEN EXISTS (SELECT 1 FROM `user_roles` WHERE `user_id` = `users`.`id`) THEN 'admin' ELSE 'user' END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_staff_on` AFTER INSERT ON `user_roles` BEGIN
  UPDATE `users` SET `role` = 'admin' WHERE `id` = NEW.`user_id` AND `role` != 'admin';
END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_staff_off` AFTER DELETE ON `user_roles` BEGIN
  UPDATE `users` SET `role` = 'user' WHERE `id` = OLD.`user_id`
    AND NOT EXISTS (SELECT 1 FROM `user_roles` WHERE `user_id` = OLD.`user_id`);
END;
