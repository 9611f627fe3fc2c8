CREATE TABLE "payout_exceptions" (
	"wallet_transaction_id" uuid PRIMARY KEY NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"withdrawal_id" uuid,
	"resolution" text,
	"resolved_by_user_id" uuid,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_exceptions" ADD CONSTRAINT "payout_exceptions_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_exceptions" ADD CONSTRAINT "payout_exceptions_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_exceptions" ADD CONSTRAINT "payout_exceptions_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_exceptions" ADD CONSTRAINT "payout_exceptions_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_exceptions_created_idx" ON "payout_exceptions" USING btree ("created_at" DESC NULLS LAST,"wallet_transaction_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_exceptions_open_created_idx" ON "payout_exceptions" USING btree ("created_at" DESC NULLS LAST,"wallet_transaction_id" DESC NULLS LAST) WHERE "payout_exceptions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payout_exceptions_withdrawal_idx" ON "payout_exceptions" USING btree ("withdrawal_id");