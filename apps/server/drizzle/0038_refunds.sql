DROP INDEX "withdrawals_customer_open_expiry_idx";--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payment_session_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "destination_by_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payment_session_id_payment_sessions_id_fk" FOREIGN KEY ("payment_session_id") REFERENCES "public"."payment_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_payment_session_idx" ON "withdrawals" USING btree ("payment_session_id") WHERE "withdrawals"."payment_session_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_customer_open_expiry_idx" ON "withdrawals" USING btree ("expires_at") WHERE "withdrawals"."status" in ('awaiting_destination', 'verifying', 'name_review', 'awaiting_confirmation');--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_refunded_check" CHECK ("payment_sessions"."refunded_minor" >= 0 and "payment_sessions"."refunded_minor" <= coalesce("payment_sessions"."received_amount_minor", 0));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_refund_session_check" CHECK (("withdrawals"."kind" = 'refund') = ("withdrawals"."payment_session_id" is not null));