CREATE TABLE "attendance_days" (
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"status" text NOT NULL,
	"schedule_id" integer,
	"holiday" text,
	"first_in" timestamp with time zone NOT NULL,
	"last_out" timestamp with time zone NOT NULL,
	"scheduled_minutes" integer NOT NULL,
	"worked_minutes" integer NOT NULL,
	"break_minutes" integer NOT NULL,
	"late_minutes" integer NOT NULL,
	"undertime_minutes" integer NOT NULL,
	"overtime_minutes" integer NOT NULL,
	CONSTRAINT "attendance_days_user_id_work_date_pk" PRIMARY KEY("user_id","work_date")
);
--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_days_date_idx" ON "attendance_days" USING btree ("work_date");--> statement-breakpoint
CREATE INDEX "attendance_days_schedule_idx" ON "attendance_days" USING btree ("schedule_id");