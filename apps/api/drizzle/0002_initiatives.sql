CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"initiative_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"purpose" text NOT NULL,
	"target_audience" text NOT NULL,
	"budget_cents" bigint NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"picture_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_id_initiative_key" UNIQUE("id","initiative_id")
);
--> statement-breakpoint
CREATE TABLE "activity_owners" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "activity_owners_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "initiative_owners" (
	"initiative_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "initiative_owners_initiative_id_user_id_pk" PRIMARY KEY("initiative_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "initiatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"grant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"purpose" text NOT NULL,
	"target_audience" text NOT NULL,
	"owner" text,
	"owner_email" text,
	"legal_entity" text DEFAULT 'stichting' NOT NULL,
	"address_applicant" text,
	"kvk_registration" text,
	"location" text,
	"budget_cents" bigint NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_sponsors" boolean DEFAULT false NOT NULL,
	"picture_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text DEFAULT 'handmatig' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"booking_date" timestamp with time zone NOT NULL,
	"transaction_id" text,
	"creditor_name" text,
	"creditor_account" text,
	"debtor_name" text,
	"debtor_account" text,
	"iban" text,
	"route" text NOT NULL,
	"short_user_description" text,
	"long_user_description" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"initiative_id" integer,
	"activity_id" integer,
	"bank_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_owners" ADD CONSTRAINT "activity_owners_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_owners" ADD CONSTRAINT "activity_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_owners" ADD CONSTRAINT "initiative_owners_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_owners" ADD CONSTRAINT "initiative_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiatives" ADD CONSTRAINT "initiatives_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attachments" ADD CONSTRAINT "payment_attachments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_activity_initiative_fk" FOREIGN KEY ("activity_id","initiative_id") REFERENCES "public"."activities"("id","initiative_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_initiative_name_idx" ON "activities" USING btree ("initiative_id",lower("name"));--> statement-breakpoint
CREATE INDEX "activity_owners_user_idx" ON "activity_owners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "initiative_owners_user_idx" ON "initiative_owners" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "initiatives_name_lower_idx" ON "initiatives" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "initiatives_grant_idx" ON "initiatives" USING btree ("grant_id","id");--> statement-breakpoint
CREATE INDEX "payment_attachments_payment_idx" ON "payment_attachments" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payments_initiative_idx" ON "payments" USING btree ("initiative_id","booking_date");--> statement-breakpoint
CREATE INDEX "payments_activity_idx" ON "payments" USING btree ("activity_id","booking_date");--> statement-breakpoint
CREATE INDEX "payments_bank_account_idx" ON "payments" USING btree ("bank_account_id","booking_date");