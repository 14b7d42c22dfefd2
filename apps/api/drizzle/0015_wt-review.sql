CREATE TABLE "payment_reviews" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "review_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reviews_reviewer_idx" ON "payment_reviews" USING btree ("reviewer_id");--> statement-breakpoint
-- The grant's 'Verantwoord' fields follow the reviews, and the public reads them: a review written
-- elsewhere empties the kept anonymous answers too (0007_change_notifications.sql).
CREATE TRIGGER payment_reviews_notify_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON payment_reviews FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change();
