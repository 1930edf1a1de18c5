ALTER TABLE "attendance_days" ADD COLUMN "rest_day_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "regular_holiday_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "special_holiday_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "rest_day_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "regular_holiday_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "special_holiday_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The stored days' night minutes were not told apart by kind of day: the first start after this migration derives them
-- all again (the attendance module's first filling), as 0016 did.
DELETE FROM "attendance_months";--> statement-breakpoint
DELETE FROM "attendance_days";
