ALTER TABLE "activity_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_by" integer;