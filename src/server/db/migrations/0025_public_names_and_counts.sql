-- Hand-written data repair, no schema change.
--
-- 1. Public names. Settling a coach application used to copy the applicant's real name into the
-- coach's public name (coaches.name: catalogue, live, 功夫圈, chat, search). Identity data stays
-- private: where a coach's public name still equals the real name given in one of their coach
-- applications, it goes back to the member's nickname (a coach may choose another display name at
-- /coach/setting). The live room's default title was made from that name; it follows.
UPDATE live_rooms AS r
SET title = left(u.nick_name || '的直播间', 40)
FROM coaches AS c
JOIN users AS u ON u.id = c.user_id
WHERE r.owner_kind = 'coach'
  AND r.owner_id = c.id
  AND r.title = left(c.name || '的直播间', 40)
  AND c.name <> u.nick_name
  AND EXISTS (
    SELECT 1 FROM identity_applications AS a
    WHERE a.user_id = c.user_id AND a.kind = 'coach' AND a.answers ->> 'real_name' = c.name
  );
--> statement-breakpoint
UPDATE coaches AS c
SET name = u.nick_name
FROM users AS u
WHERE u.id = c.user_id
  AND c.name <> u.nick_name
  AND EXISTS (
    SELECT 1 FROM identity_applications AS a
    WHERE a.user_id = c.user_id AND a.kind = 'coach' AND a.answers ->> 'real_name' = c.name
  );
