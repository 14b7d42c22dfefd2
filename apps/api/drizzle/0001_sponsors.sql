CREATE TABLE "funders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grant_overseers" (
	"grant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "grant_overseers_grant_id_user_id_pk" PRIMARY KEY("grant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"regulation_id" integer NOT NULL,
	"name" text NOT NULL,
	"reference" text NOT NULL,
	"budget_cents" bigint NOT NULL,
	"verantwoordelijk" text,
	"verantwoordelijkheid" text
);
--> statement-breakpoint
CREATE TABLE "regulation_officers" (
	"regulation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "regulation_officers_regulation_id_role_user_id_pk" PRIMARY KEY("regulation_id","role","user_id")
);
--> statement-breakpoint
CREATE TABLE "regulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"funder_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grant_overseers" ADD CONSTRAINT "grant_overseers_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_overseers" ADD CONSTRAINT "grant_overseers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_officers" ADD CONSTRAINT "regulation_officers_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_officers" ADD CONSTRAINT "regulation_officers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulations" ADD CONSTRAINT "regulations_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funders_name_lower_idx" ON "funders" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "grant_overseers_user_idx" ON "grant_overseers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_regulation_name_idx" ON "grants" USING btree ("regulation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "grants_reference_lower_idx" ON "grants" USING btree (lower("reference"));--> statement-breakpoint
CREATE INDEX "regulation_officers_user_idx" ON "regulation_officers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulations_funder_name_idx" ON "regulations" USING btree ("funder_id",lower("name"));