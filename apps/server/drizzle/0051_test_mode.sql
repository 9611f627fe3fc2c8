ALTER TABLE "ledger_accounts" ADD COLUMN "book" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "book" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "book" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "live_merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_id_book_key" UNIQUE("id","book");--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_id_book_key" UNIQUE("id","book");--> statement-breakpoint
-- NOT VALID: every existing row is in the new column's 'live' book, entries and what they point at
-- alike, so there is nothing to check, and checking would scan the whole ledger. New rows are checked.
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_book_fk" FOREIGN KEY ("journal_id","book") REFERENCES "public"."ledger_journals"("id","book") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_book_fk" FOREIGN KEY ("account_id","book") REFERENCES "public"."ledger_accounts"("id","book") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_live_merchant_id_merchants_id_fk" FOREIGN KEY ("live_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_live_merchant_key" ON "merchants" USING btree ("live_merchant_id") WHERE "merchants"."live_merchant_id" is not null;
--> statement-breakpoint
CREATE INDEX "payment_sessions_test_created_id_idx" ON "payment_sessions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "payment_sessions"."livemode";--> statement-breakpoint
-- NOT VALID: every existing session is live (the new column's default), so none can break it, and
-- checking would scan every session under a lock that stops new ones. New rows are checked.
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_test_no_account_check" CHECK ("payment_sessions"."livemode" or "payment_sessions"."wallet_account_id" is null) NOT VALID;
