ALTER TABLE "merchants" ADD COLUMN "webhook_failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "webhooks_disabled_at" timestamp with time zone;