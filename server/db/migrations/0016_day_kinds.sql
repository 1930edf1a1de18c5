ALTER TABLE "attendance_days" ADD COLUMN "rest_day_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "rest_day_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "regular_holiday_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "regular_holiday_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "special_holiday_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "special_holiday_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "crossed_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "days_worked" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "rest_day_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "rest_day_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "regular_holiday_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "regular_holiday_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "special_holiday_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "special_holiday_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "kind" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_kind_check" CHECK ("holidays"."kind" in ('regular', 'special_non_working', 'special_working'));--> statement-breakpoint
-- Every holiday so far was a day off of one kind; the demo company's special days (Proclamation No. 1006, s. 2025) get theirs.
UPDATE "holidays" SET "kind" = 'special_non_working' WHERE "name" IN ('Chinese New Year', 'Black Saturday', 'Ninoy Aquino Day', 'All Saints'' Day', 'All Souls'' Day', 'Feast of the Immaculate Conception', 'Christmas Eve', 'Last Day of the Year');--> statement-breakpoint
UPDATE "holidays" SET "kind" = 'special_working' WHERE "name" = 'EDSA People Power Revolution Anniversary' AND "date" = '2026-02-25';--> statement-breakpoint
-- The stored days were derived by the rules before day kinds, night minutes and the break reached: the
-- first start after this migration derives them all again (the attendance module's first filling).
DELETE FROM "attendance_months";--> statement-breakpoint
DELETE FROM "attendance_days";
