CREATE TABLE "leave_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"paid" boolean NOT NULL,
	"unit" text DEFAULT 'day' NOT NULL,
	"yearly_days" numeric(6, 2) NOT NULL,
	"accrual" text DEFAULT 'yearly' NOT NULL,
	"carry_over_days" numeric(6, 2) DEFAULT 0 NOT NULL,
	"negative_days" numeric(6, 2) DEFAULT 0 NOT NULL,
	"service_months" integer DEFAULT 0 NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"document_after_days" numeric(6, 2),
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_code_unique" ON "leave_types" USING btree (lower("code"));