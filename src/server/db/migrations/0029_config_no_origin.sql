-- Hand-written data migration: config stores no origin any more; site paths are resolved against
-- SITE_URL when read (modules/site/site.service.ts). Values the first seed wrote with the old default
-- origin (http://localhost:4321, whatever the site's real address) become site paths.
UPDATE "config" SET "value" = substr("value", length('http://localhost:4321') + 1), "updated_at" = now()
  WHERE "value" LIKE 'http://localhost:4321/%';--> statement-breakpoint
UPDATE "config" SET "value" = '/', "updated_at" = now() WHERE "value" = 'http://localhost:4321';--> statement-breakpoint
-- The seeded QR images had that origin drawn into them: clear them (exactly the seed's files, never an
-- operator's upload), so the site draws them from SITE_URL at request time (modules/site/site-qr.ts).
UPDATE "config" SET "value" = '', "updated_at" = now()
  WHERE ("key" = 'download_qr_code' AND "value" = '/uploads/qr/download.png')
     OR ("key" = 'service_qr_code' AND "value" = '/uploads/qr/service.png');
