-- A review was signed with the buyer's e-mail address when the order had no name (the order took
-- the e-mail as its name, the review the order's): such reviews, and those signed with the
-- address's local part (or its first 40 characters, where the name was cut), read "Customer",
-- as a review of a buyer without a name does (tool-reviews.service.ts, reviewerName). Hand-written
-- data step. Kept pages and answers that showed the old names are not served after it: the
-- deployment that ships it (`npm run deploy` applies the migrations, then deploys) keys the edge
-- copies by its own version, and the API reads the names through the same rule meanwhile.
UPDATE `tool_reviews` SET `name` = 'Customer'
WHERE instr(`name`, '@') > 0
  OR (instr(`customer`, '@') > 1 AND (
    lower(trim(`name`)) = lower(substr(`customer`, 1, instr(`customer`, '@') - 1))
    OR (instr(`customer`, '@') > 41 AND lower(trim(`name`)) = lower(substr(`customer`, 1, 40)))
  ));
