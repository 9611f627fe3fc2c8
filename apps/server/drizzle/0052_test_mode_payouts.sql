ALTER TABLE "withdrawals" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "withdrawals_test_created_id_idx" ON "withdrawals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "withdrawals"."livemode";--> statement-breakpoint
-- NOT VALID: every existing withdrawal is live (the new column's default), so none can break it, and
-- checking would scan every withdrawal under a lock that stops new ones. New rows are checked.
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_test_no_account_check" CHECK ("withdrawals"."livemode" or "withdrawals"."wallet_account_id" is null) NOT VALID;
