CREATE TABLE "payment_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_session_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sender_name" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"proof" "bytea",
	"proof_type" text,
	"ip" text NOT NULL,
	"message" text,
	"wallet_transaction_id" uuid,
	"resolved_by_user_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_payment_session_id_payment_sessions_id_fk" FOREIGN KEY ("payment_session_id") REFERENCES "public"."payment_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_one_open_idx" ON "payment_claims" USING btree ("payment_session_id") WHERE "payment_claims"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_claims_session_idx" ON "payment_claims" USING btree ("payment_session_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_claims_created_idx" ON "payment_claims" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_claims_ip_idx" ON "payment_claims" USING btree ("ip","created_at" DESC NULLS LAST);