ALTER TABLE "attendance_days" ADD COLUMN "special_holiday_rest_day_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "special_holiday_rest_day_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "regular_holiday_rest_day_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "regular_holiday_rest_day_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "special_holiday_rest_day_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD COLUMN "regular_holiday_rest_day_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "special_holiday_rest_day_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "special_holiday_rest_day_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "regular_holiday_rest_day_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "regular_holiday_rest_day_overtime_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "special_holiday_rest_day_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD COLUMN "regular_holiday_rest_day_night_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A holiday on a rest day was counted as the holiday: the first start after this migration derives the stored days again
-- (the attendance module's first filling).
DELETE FROM "attendance_months";--> statement-breakpoint
DELETE FROM "attendance_days";
