-- The quotes desk's search (issue 24's bench: a scan of every quote for each search) as the
-- order desk's: an FTS5 trigram index over the customer's e-mail and name and the quote's tool
-- names (any part of them, case-insensitive, from 3 characters), kept in step by triggers.
CREATE VIRTUAL TABLE `quote_search` USING fts5(`customer`, `customer_name`, `tool_names`, content='quotes', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `quotes_search_insert` AFTER INSERT ON `quotes` BEGIN
  INSERT INTO `quote_search` (rowid, `customer`, `customer_name`, `tool_names`)
  VALUES (new.rowid, new.`customer`, new.`customer_name`, new.`tool_names`);
END;
--> statement-breakpoint
CREATE TRIGGER `quotes_search_delete` AFTER DELETE ON `quotes` BEGIN
  INSERT INTO `quote_search` (`quote_search`, rowid, `customer`, `customer_name`, `tool_names`)
  VALUES ('delete', old.rowid, old.`customer`, old.`customer_name`, old.`tool_names`);
END;
--> statement-breakpoint
CREATE TRIGGER `quotes_search_update` AFTER UPDATE OF `customer`, `customer_name`, `tool_names` ON `quotes` BEGIN
  INSERT INTO `quote_search` (`quote_search`, rowid, `customer`, `customer_name`, `tool_names`)
  VALUES ('delete', old.rowid, old.`customer`, old.`customer_name`, old.`tool_names`);
  INSERT INTO `quote_search` (rowid, `customer`, `customer_name`, `tool_names`)
  VALUES (new.rowid, new.`customer`, new.`customer_name`, new.`tool_names`);
END;
--> statement-breakpoint
INSERT INTO `quote_search` (`quote_search`) VALUES ('rebuild');
