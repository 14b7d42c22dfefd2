CREATE TABLE "statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"bank_account_id" integer,
	"status" text DEFAULT 'preview' NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"flavour" text,
	"storage_key" text,
	"csv_mapping" jsonb,
	"first_date" date,
	"last_date" date,
	"new_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_import_id" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "csv_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_imports_user_idx" ON "statement_imports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "statement_imports_account_idx" ON "statement_imports" USING btree ("bank_account_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_statement_import_id_statement_imports_id_fk" FOREIGN KEY ("statement_import_id") REFERENCES "public"."statement_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bank_account_dedupe_idx" ON "payments" USING btree ("bank_account_id","dedupe_key");