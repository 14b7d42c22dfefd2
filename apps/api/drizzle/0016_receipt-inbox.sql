CREATE TABLE "receipt_inbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"initiative_id" integer,
	"uploaded_by" integer NOT NULL,
	"storage_key" text NOT NULL,
	"status" text,
	"fields" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_inbox_status" CHECK ("receipt_inbox"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "receipt_inbox" ADD CONSTRAINT "receipt_inbox_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_inbox" ADD CONSTRAINT "receipt_inbox_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_inbox_uploader_idx" ON "receipt_inbox" USING btree ("uploaded_by","initiative_id","id");