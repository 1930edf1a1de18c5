CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"file_path" text NOT NULL,
	"in_backup_dir" boolean NOT NULL,
	"size_bytes" bigint,
	"sha256" text,
	"row_counts" jsonb,
	"error" jsonb,
	"job_id" integer,
	"requested_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "backups_job_unique" UNIQUE("job_id")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_key_unique" UNIQUE("key");