CREATE TABLE "attendance_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"clock_in_at" timestamp with time zone NOT NULL,
	"clock_out_at" timestamp with time zone,
	"remote" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'clock' NOT NULL,
	"in_latitude" double precision,
	"in_longitude" double precision,
	"in_accuracy_m" double precision,
	"in_location_id" integer,
	"in_distance_m" integer,
	"in_ip" text,
	"in_device" text,
	"out_latitude" double precision,
	"out_longitude" double precision,
	"out_accuracy_m" double precision,
	"out_location_id" integer,
	"out_distance_m" integer,
	"out_ip" text,
	"out_device" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_work_locations" (
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "user_work_locations_user_id_location_id_pk" PRIMARY KEY("user_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "work_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"working_days" jsonb NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"unpaid_break_minutes" integer DEFAULT 60 NOT NULL,
	"grace_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_after_minutes" integer DEFAULT 480 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "clock_policy" text DEFAULT 'onsite' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_breaks" ADD CONSTRAINT "attendance_breaks_record_id_attendance_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."attendance_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_in_location_id_work_locations_id_fk" FOREIGN KEY ("in_location_id") REFERENCES "public"."work_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_out_location_id_work_locations_id_fk" FOREIGN KEY ("out_location_id") REFERENCES "public"."work_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_assignments" ADD CONSTRAINT "schedule_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_assignments" ADD CONSTRAINT "schedule_assignments_schedule_id_work_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."work_schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_work_locations" ADD CONSTRAINT "user_work_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_work_locations" ADD CONSTRAINT "user_work_locations_location_id_work_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."work_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_breaks_record_idx" ON "attendance_breaks" USING btree ("record_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_breaks_one_open_idx" ON "attendance_breaks" USING btree ("record_id") WHERE "attendance_breaks"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_records_one_open_idx" ON "attendance_records" USING btree ("user_id") WHERE "attendance_records"."clock_out_at" is null;--> statement-breakpoint
CREATE INDEX "attendance_records_user_date_idx" ON "attendance_records" USING btree ("user_id","work_date");--> statement-breakpoint
CREATE INDEX "attendance_records_date_idx" ON "attendance_records" USING btree ("work_date","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_date_unique" ON "holidays" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_assignments_user_from_unique" ON "schedule_assignments" USING btree ("user_id","effective_from");--> statement-breakpoint
CREATE INDEX "schedule_assignments_schedule_idx" ON "schedule_assignments" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "user_work_locations_location_idx" ON "user_work_locations" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_schedules_name_unique" ON "work_schedules" USING btree (lower("name"));