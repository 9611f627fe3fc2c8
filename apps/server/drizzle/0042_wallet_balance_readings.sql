CREATE TABLE "wallet_balance_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"balance_minor" bigint NOT NULL,
	"ledger_cash_minor" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_balance_readings" ADD CONSTRAINT "wallet_balance_readings_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_balance_readings_account_idx" ON "wallet_balance_readings" USING btree ("wallet_account_id","read_at" DESC NULLS LAST);