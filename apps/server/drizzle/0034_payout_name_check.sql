DROP INDEX "withdrawals_customer_open_expiry_idx";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "payout_name_policy" text DEFAULT 'hold' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "name_score" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "name_score" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "name_approved_holder" text;--> statement-breakpoint
CREATE INDEX "withdrawals_customer_open_expiry_idx" ON "withdrawals" USING btree ("expires_at") WHERE "withdrawals"."status" in ('verifying', 'name_review', 'awaiting_confirmation');--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_payout_name_policy_check" CHECK ("merchants"."payout_name_policy" in ('allow', 'hold', 'refuse'));