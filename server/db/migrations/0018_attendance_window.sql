-- Every run so far paid the attendance of its period.
ALTER TABLE "payroll_runs" ADD COLUMN "attendance_start" date;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "attendance_end" date;--> statement-breakpoint
UPDATE "payroll_runs" SET "attendance_start" = "period_start", "attendance_end" = "period_end";--> statement-breakpoint
ALTER TABLE "payroll_runs" ALTER COLUMN "attendance_start" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_runs" ALTER COLUMN "attendance_end" SET NOT NULL;
