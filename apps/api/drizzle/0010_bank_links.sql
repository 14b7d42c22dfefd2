CREATE TABLE "bank_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"institution_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"institution_logo" text,
	"access_days" integer NOT NULL,
	"history_days" integer NOT NULL,
	"nonce" text NOT NULL,
	"state_used_at" timestamp with time zone,
	"attempt_id" text,
	"link_id" text,
	"status" text DEFAULT 'started' NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_sync_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_account_id" integer NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attended" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "institution_id" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "bank_link_id" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "stable_key" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "sync_problem" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_links" ADD CONSTRAINT "bank_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_sync_calls" ADD CONSTRAINT "bank_sync_calls_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_links_nonce_idx" ON "bank_links" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "bank_links_user_idx" ON "bank_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bank_sync_calls_account_idx" ON "bank_sync_calls" USING btree ("bank_account_id","called_at");--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_bank_link_id_bank_links_id_fk" FOREIGN KEY ("bank_link_id") REFERENCES "public"."bank_links"("id") ON DELETE set null ON UPDATE no action;