-- A tax invoice prints the shop as it was when the invoice was issued: the settings then are kept
-- on the order (set in the batch that numbers the invoice, lifecycle.ts documentStatements).
ALTER TABLE `bookings` ADD `invoice_settings` text;