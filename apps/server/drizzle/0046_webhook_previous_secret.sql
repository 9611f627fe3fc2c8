ALTER TABLE "merchants" ADD COLUMN "previous_webhook_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "previous_webhook_secret_expires_at" timestamp with time zone;