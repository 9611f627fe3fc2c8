CREATE TABLE "deposit_matches" (
	"wallet_transaction_id" uuid PRIMARY KEY NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"payment_session_id" uuid,
	"resolution" text,
	"resolved_by_user_id" uuid,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD CONSTRAINT "deposit_matches_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD CONSTRAINT "deposit_matches_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD CONSTRAINT "deposit_matches_payment_session_id_payment_sessions_id_fk" FOREIGN KEY ("payment_session_id") REFERENCES "public"."payment_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD CONSTRAINT "deposit_matches_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_matches_open_idx" ON "deposit_matches" USING btree ("outcome","created_at") WHERE "deposit_matches"."resolved_at" is null and "deposit_matches"."outcome" <> 'matched';--> statement-breakpoint
CREATE INDEX "deposit_matches_session_idx" ON "deposit_matches" USING btree ("payment_session_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_incoming_reported_idx" ON "wallet_transactions" USING btree ("reported_at") WHERE "wallet_transactions"."direction" = 'in';