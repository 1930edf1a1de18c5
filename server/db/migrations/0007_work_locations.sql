CREATE TABLE "work_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_m" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "work_locations_name_unique" ON "work_locations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "work_locations_active_idx" ON "work_locations" USING btree ("active",lower("name"));