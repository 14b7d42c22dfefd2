CREATE TABLE "receipt_readings" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"fields" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_readings_status" CHECK ("receipt_readings"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "receipt_readings" ADD CONSTRAINT "receipt_readings_attachment_id_payment_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."payment_attachments"("id") ON DELETE cascade ON UPDATE no action;