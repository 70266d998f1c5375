ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_delta_nonzero";--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_course_scope" CHECK ("coupon_templates"."course_id" IS NULL OR "coupon_templates"."scope" = 'course');--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_delta_nonzero" CHECK ("points_ledger"."delta" <> 0 or "points_ledger"."reason" = 'refund');