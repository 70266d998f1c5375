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
--> statement-breakpoint
-- 2. Seller figures. The seed wrote made-up sales and taken seats. The site moves these counters in
-- the transaction of their cause (payment, refund; a class seat when the order is placed, back when
-- it closes or is refunded), so set them to what the order rows say. Sold = paid and not given
-- back (SOLD_STATUSES); a seat is held by an unpaid or a sold order.
UPDATE courses AS c
SET sales = t.n
FROM (
  SELECT i.course_id AS id, count(*)::int AS n
  FROM order_items AS i
  JOIN orders AS o ON o.id = i.order_id
  WHERE i.course_id IS NOT NULL AND o.status IN ('paid', 'shipped', 'received', 'completed', 'refunding')
  GROUP BY i.course_id
) AS t
WHERE t.id = c.id AND c.sales <> t.n;
--> statement-breakpoint
UPDATE courses AS c
SET sales = 0
WHERE c.sales <> 0
  AND NOT EXISTS (
    SELECT 1 FROM order_items AS i
    JOIN orders AS o ON o.id = i.order_id
    WHERE i.course_id = c.id AND o.status IN ('paid', 'shipped', 'received', 'completed', 'refunding')
  );
--> statement-breakpoint
UPDATE goods AS g
SET sales = t.n
FROM (
  SELECT i.goods_id AS id, sum(i.num)::int AS n
  FROM order_items AS i
  JOIN orders AS o ON o.id = i.order_id
  WHERE i.goods_id IS NOT NULL AND o.status IN ('paid', 'shipped', 'received', 'completed', 'refunding')
  GROUP BY i.goods_id
) AS t
WHERE t.id = g.id AND g.sales <> t.n;
--> statement-breakpoint
UPDATE goods AS g
SET sales = 0
WHERE g.sales <> 0
  AND NOT EXISTS (
    SELECT 1 FROM order_items AS i
    JOIN orders AS o ON o.id = i.order_id
    WHERE i.goods_id = g.id AND o.status IN ('paid', 'shipped', 'received', 'completed', 'refunding')
  );
--> statement-breakpoint
UPDATE classes AS k
SET enrolled = (
  SELECT count(*)::int
  FROM order_items AS i
  JOIN orders AS o ON o.id = i.order_id
  WHERE i.class_id = k.id AND o.status IN ('unpaid', 'paid', 'shipped', 'received', 'completed', 'refunding')
)
WHERE k.enrolled <> (
  SELECT count(*)::int
  FROM order_items AS i
  JOIN orders AS o ON o.id = i.order_id
  WHERE i.class_id = k.id AND o.status IN ('unpaid', 'paid', 'shipped', 'received', 'completed', 'refunding')
);
--> statement-breakpoint
-- Page views have no rows to count from; the old seed started each seeded course (cover
-- seed/course-<n>.svg) at ((n - 1) * 131) % 3000 + 200. Take exactly that head start away and keep
-- the views counted since.
UPDATE courses AS c
SET views = greatest(c.views - ((((substring(c.cover FROM '/seed/course-([0-9]+)\.svg$'))::int - 1) * 131) % 3000 + 200), 0)
WHERE c.cover ~ '/seed/course-[0-9]+\.svg$';
