DROP INDEX "deposit_matches_open_idx";--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD COLUMN "paid_merchant_id" uuid;--> statement-breakpoint
-- Transfers that paid a session before this column existed: the session says whose it was.
UPDATE "deposit_matches" d SET "paid_merchant_id" = s."merchant_id" FROM "payment_sessions" s WHERE s."wallet_transaction_id" = d."wallet_transaction_id";--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD CONSTRAINT "deposit_matches_paid_merchant_id_merchants_id_fk" FOREIGN KEY ("paid_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_matches_created_idx" ON "deposit_matches" USING btree ("created_at","wallet_transaction_id");--> statement-breakpoint
CREATE INDEX "deposit_matches_outcome_created_idx" ON "deposit_matches" USING btree ("outcome","created_at","wallet_transaction_id");--> statement-breakpoint
CREATE INDEX "deposit_matches_awaiting_created_idx" ON "deposit_matches" USING btree ("created_at","wallet_transaction_id") WHERE "deposit_matches"."resolved_at" is null and "deposit_matches"."outcome" <> 'matched';--> statement-breakpoint
CREATE INDEX "deposit_matches_merchant_created_idx" ON "deposit_matches" USING btree ("paid_merchant_id","created_at","wallet_transaction_id") WHERE "deposit_matches"."paid_merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "deposit_matches_merchant_outcome_created_idx" ON "deposit_matches" USING btree ("paid_merchant_id","outcome","created_at","wallet_transaction_id") WHERE "deposit_matches"."paid_merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "deposit_matches_open_idx" ON "deposit_matches" USING btree ("outcome","created_at","wallet_transaction_id") WHERE "deposit_matches"."resolved_at" is null and "deposit_matches"."outcome" <> 'matched';