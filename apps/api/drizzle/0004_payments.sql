CREATE TABLE "bank_account_users" (
	"bank_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "bank_account_users_bank_account_id_user_id_pk" PRIMARY KEY("bank_account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"iban" text NOT NULL,
	"name" text,
	"holder_name" text,
	"institution_name" text,
	"institution_logo" text,
	"expiration_date" timestamp with time zone,
	"is_revoked" boolean DEFAULT false NOT NULL,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_initiative_idx";--> statement-breakpoint
DROP INDEX "payments_activity_idx";--> statement-breakpoint
DROP INDEX "payments_bank_account_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "created_by_id" integer;--> statement-breakpoint
ALTER TABLE "bank_account_users" ADD CONSTRAINT "bank_account_users_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_users" ADD CONSTRAINT "bank_account_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_account_users_user_idx" ON "bank_account_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_provider_account_idx" ON "bank_accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_owner_idx" ON "bank_accounts" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_initiative_idx" ON "payments" USING btree ("initiative_id","booking_date","id");--> statement-breakpoint
CREATE INDEX "payments_activity_idx" ON "payments" USING btree ("activity_id","booking_date","id");--> statement-breakpoint
CREATE INDEX "payments_bank_account_idx" ON "payments" USING btree ("bank_account_id","booking_date","id");