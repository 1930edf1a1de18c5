CREATE TABLE "pay_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"pre_tax" boolean DEFAULT false NOT NULL,
	"calculation" jsonb NOT NULL,
	"employer_share" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 100 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"component_id" integer NOT NULL,
	"mode" text NOT NULL,
	"value" text,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"reason" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"pay_basis" text NOT NULL,
	"rate" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"corrects_id" integer,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"pay_date" date NOT NULL,
	"people" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"job_id" integer,
	"total_people" integer DEFAULT 0 NOT NULL,
	"total_gross" bigint DEFAULT 0 NOT NULL,
	"total_deductions" bigint DEFAULT 0 NOT NULL,
	"total_net" bigint DEFAULT 0 NOT NULL,
	"total_employer_cost" bigint DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calculated_by" integer,
	"calculated_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"gross" bigint NOT NULL,
	"deductions" bigint NOT NULL,
	"net" bigint NOT NULL,
	"employer_cost" bigint NOT NULL,
	"taxable" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"effective_from" date NOT NULL,
	"rows" jsonb NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_overrides" ADD CONSTRAINT "pay_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_overrides" ADD CONSTRAINT "pay_overrides_component_id_pay_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."pay_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_payroll_id_payroll_runs_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_components_code_unique" ON "pay_components" USING btree ("code");--> statement-breakpoint
CREATE INDEX "pay_overrides_user_idx" ON "pay_overrides" USING btree ("user_id","component_id");--> statement-breakpoint
CREATE INDEX "pay_overrides_component_idx" ON "pay_overrides" USING btree ("component_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_rates_user_from_unique" ON "pay_rates" USING btree ("user_id","effective_from");--> statement-breakpoint
CREATE INDEX "payroll_runs_period_idx" ON "payroll_runs" USING btree ("period_end","period_start");--> statement-breakpoint
CREATE INDEX "payroll_runs_status_idx" ON "payroll_runs" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_run_user_unique" ON "payslips" USING btree ("payroll_id","user_id");--> statement-breakpoint
CREATE INDEX "payslips_user_idx" ON "payslips" USING btree ("user_id","payroll_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_tables_code_from_unique" ON "rate_tables" USING btree ("code","effective_from");--> statement-breakpoint
-- Everyone paid today keeps that pay as their first rate, in force from their hire date (or from when they were added); nobody is given a rate of 0.
INSERT INTO "pay_rates" ("user_id", "effective_from", "pay_basis", "rate", "currency") SELECT "id", coalesce("hire_date", "created_at"::date), "pay_basis", "base_rate", "currency" FROM "users" WHERE "base_rate" > 0;
