ALTER TABLE "withdrawals" ADD COLUMN "confirm_deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "withdrawals_customer_open_expiry_idx" ON "withdrawals" USING btree ("expires_at") WHERE "withdrawals"."status" in ('verifying', 'awaiting_confirmation');