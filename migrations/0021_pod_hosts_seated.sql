-- The host of a game pod is its first player (issue 37): pods made before this counted their host nowhere, so the
-- host of every existing pod takes a main seat, dated when the pod was made, where one is free and the attendee cap
-- allows. A pod that filled without its host keeps its players (nobody is moved to the waiting list); its host hosts
-- without a seat, and may join its waiting list like anyone. Data only: no table or column changes, and the previous
-- Worker reads the rows as it always did (docs/decisions/2026-11-27-pod-host-and-event-starts.md).
INSERT INTO `event_attendees` (`event_id`, `user_id`, `status`, `role`, `player_type`, `joined_at`)
SELECT e.`id`, e.`host_id`, 'attending', 'participant', 'main', e.`created_at`
FROM `events` e
WHERE e.`type` = 'game_pod'
  AND e.`host_id` IS NOT NULL
  AND (SELECT count(*) FROM `event_attendees` m
       WHERE m.`event_id` = e.`id` AND m.`role` = 'participant' AND m.`player_type` = 'main') < e.`player_slots`
  AND (e.`max_attendees` IS NULL OR (SELECT count(*) FROM `event_attendees` a WHERE a.`event_id` = e.`id`) < e.`max_attendees`)
ON CONFLICT (`event_id`, `user_id`) DO NOTHING;
