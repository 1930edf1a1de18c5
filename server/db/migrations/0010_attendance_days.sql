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
CREATE TABLE "attendance_months" (
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"days_present" integer NOT NULL,
	"days_late" integer NOT NULL,
	"days_half" integer NOT NULL,
	"days_worked_scheduled" integer NOT NULL,
	"late_minutes" integer NOT NULL,
	"worked_minutes" integer NOT NULL,
	"overtime_minutes" integer NOT NULL,
	"undertime_minutes" integer NOT NULL,
	CONSTRAINT "attendance_months_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD CONSTRAINT "attendance_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_days_date_idx" ON "attendance_days" USING btree ("work_date");--> statement-breakpoint
CREATE INDEX "attendance_days_schedule_idx" ON "attendance_days" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "attendance_months_month_idx" ON "attendance_months" USING btree ("month");