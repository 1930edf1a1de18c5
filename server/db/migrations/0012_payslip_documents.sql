CREATE TABLE "payslip_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"pre_tax" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslip_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"payslip_id" integer NOT NULL,
	"user_id" integer,
	"via" text NOT NULL,
	"kind" text DEFAULT 'single' NOT NULL,
	"address" text,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "excluded_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "payslip_adjustments" ADD CONSTRAINT "payslip_adjustments_payroll_id_payroll_runs_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_adjustments" ADD CONSTRAINT "payslip_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_downloads" ADD CONSTRAINT "payslip_downloads_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_downloads" ADD CONSTRAINT "payslip_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payslip_adjustments_run_user_idx" ON "payslip_adjustments" USING btree ("payroll_id","user_id");--> statement-breakpoint
CREATE INDEX "payslip_downloads_payslip_idx" ON "payslip_downloads" USING btree ("payslip_id","at");