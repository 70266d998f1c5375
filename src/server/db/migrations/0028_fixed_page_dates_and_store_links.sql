-- Data only (hand-written). The seeded agreements carried their date twice: a "更新日期" line in the
-- body and the page's updated_at (the seed's time), shown as 最近更新. Keep one — the document's own
-- date becomes updated_at and the body line goes. Rows an operator has edited since (no such first
-- line) are left as they are.
UPDATE pages
SET content = ltrim(substr(content, length('<p>更新日期：2026年11月1日</p>') + 1), E'\n'),
    updated_at = '2026-11-01 00:00:00+08'
WHERE content LIKE '<p>更新日期：2026年11月1日</p>%';--> statement-breakpoint
-- The seed's app store links were placeholders (no such apps): unset, /download shows the mobile
-- site's QR code instead. Links an operator has set are kept.
UPDATE config SET value = '' WHERE key = 'app_ios_url' AND value = 'https://apps.apple.com/cn/app/id0000000000';--> statement-breakpoint
UPDATE config SET value = '' WHERE key = 'app_android_url' AND value = 'https://sj.qq.com/appdetail/com.gongfu.app';
