CREATE INDEX "wallet_accounts_all_label_idx" ON "wallet_accounts" USING btree ("label","id");--> statement-breakpoint
CREATE INDEX "wallet_accounts_all_created_idx" ON "wallet_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_accounts_all_balance_idx" ON "wallet_accounts" USING btree (coalesce("balance_minor", -1),"id");