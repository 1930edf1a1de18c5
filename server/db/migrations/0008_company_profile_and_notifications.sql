CREATE TABLE "company_profile" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"trading_name" text,
	"registration_number" text,
	"tax_number" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"region" text,
	"postal_code" text,
	"country" text,
	"email" text,
	"phone" text,
	"website" text,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL,
	"first_day_of_week" smallint DEFAULT 0 NOT NULL,
	"date_format" text NOT NULL,
	"fiscal_year_start_month" smallint DEFAULT 1 NOT NULL,
	"logo_file_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_profile_single_row" CHECK ("company_profile"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"sender_id" integer,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_profile" ADD CONSTRAINT "company_profile_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null and "notifications"."archived_at" is null;--> statement-breakpoint
-- The workspace has its profile from the start: named as the sign-in screen named it, in the currency most people are paid in.
INSERT INTO "company_profile" ("id", "legal_name", "currency", "time_zone", "date_format")
SELECT 1,
  coalesce((SELECT "value" #>> '{}' FROM "system_settings" WHERE "key" = 'company_name'), 'Paydesk'),
  coalesce((SELECT "currency" FROM "users" GROUP BY "currency" ORDER BY count(*) DESC, "currency" LIMIT 1), 'USD'),
  'UTC',
  'YYYY-MM-DD';--> statement-breakpoint
-- Settings live in groups now: the sign-in screen's two settings join the system group.
INSERT INTO "system_settings" ("key", "value")
SELECT 'system', jsonb_object_agg("key", "value") FROM "system_settings" WHERE "key" IN ('allow_registration', 'admin_contact') HAVING count(*) > 0;--> statement-breakpoint
DELETE FROM "system_settings" WHERE "key" IN ('allow_registration', 'admin_contact', 'company_name');
