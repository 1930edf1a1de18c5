CREATE TABLE "pay_formula_sets" (
	"digest" text PRIMARY KEY NOT NULL,
	"components" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "explanation" jsonb;