ALTER TABLE `game_sessions` ADD `bracket` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `bracket` integer;--> statement-breakpoint
-- Commander rooms made before brackets get the bracket their power level maps to (workers/contract/brackets.ts,
-- docs/decisions/2026-11-26-commander-brackets.md); other formats keep a null bracket.
UPDATE `game_sessions` SET `bracket` = CASE `power_level` WHEN 'casual' THEN 2 WHEN 'focused' THEN 3 WHEN 'optimized' THEN 4 WHEN 'competitive' THEN 5 END WHERE `format` = 'commander' AND `bracket` IS NULL;
