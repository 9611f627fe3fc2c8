-- An account is its code in one currency.
DROP INDEX "ledger_accounts_code_key";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_currency_key" ON "ledger_accounts" USING btree ("code","currency");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_id_currency_key" UNIQUE("id","currency");--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_id_currency_key" UNIQUE("id","currency");--> statement-breakpoint
-- Every entry carries its journal's currency, held to the journal's and to its account's.
ALTER TABLE "ledger_entries" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "ledger_entries" e SET "currency" = j."currency" FROM "ledger_journals" j WHERE j."id" = e."journal_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_currency_fk" FOREIGN KEY ("journal_id","currency") REFERENCES "public"."ledger_journals"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_currency_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A withdrawal's hold is settled or released, never both; pending never goes below zero.
CREATE UNIQUE INDEX "ledger_journals_hold_resolution_key" ON "ledger_journals" USING btree ("reference_id") WHERE "ledger_journals"."kind" in ('withdrawal_settle', 'withdrawal_release');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_pending_not_negative" CHECK ("ledger_accounts"."kind" <> 'merchant_pending' or "ledger_accounts"."balance_minor" * "ledger_accounts"."normal" >= 0);--> statement-breakpoint
-- Journals and entries are append-only: a correction is a new journal.
CREATE OR REPLACE FUNCTION gerbang_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % of % refused (post a correcting journal instead)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION gerbang_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER "ledger_journals_append_only" BEFORE UPDATE OR DELETE ON "ledger_journals"
  FOR EACH STATEMENT EXECUTE FUNCTION gerbang_ledger_append_only();
