CREATE TABLE "idempotency_keys" (
	"merchant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_merchant_id_key_pk" PRIMARY KEY("merchant_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_session_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"reference_number" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"extra_fee_minor" bigint DEFAULT 0 NOT NULL,
	"final_amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"wallet_account_id" uuid,
	"wallet_transaction_id" uuid,
	"customer" jsonb,
	"return_url" text,
	"metadata" jsonb,
	"failure_reason" text,
	"api_token_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sessions_amounts_check" CHECK ("payment_sessions"."amount_minor" > 0 and "payment_sessions"."discount_minor" >= 0 and "payment_sessions"."extra_fee_minor" >= 0 and "payment_sessions"."fee_minor" >= 0 and "payment_sessions"."final_amount_minor" = "payment_sessions"."amount_minor" - "payment_sessions"."discount_minor" + "payment_sessions"."extra_fee_minor" and "payment_sessions"."final_amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_session_events" ADD CONSTRAINT "payment_session_events_session_id_payment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."payment_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_api_token_id_api_tokens_id_fk" FOREIGN KEY ("api_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_session_events_session_idx" ON "payment_session_events" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_merchant_reference_key" ON "payment_sessions" USING btree ("merchant_id","reference_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_open_amount_key" ON "payment_sessions" USING btree ("wallet_account_id","final_amount_minor") WHERE "payment_sessions"."status" in ('awaiting_payment', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_transaction_key" ON "payment_sessions" USING btree ("wallet_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_sessions_merchant_created_id_idx" ON "payment_sessions" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_sessions_merchant_status_created_id_idx" ON "payment_sessions" USING btree ("merchant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_sessions_created_id_idx" ON "payment_sessions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_sessions_status_created_id_idx" ON "payment_sessions" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_sessions_open_expiry_idx" ON "payment_sessions" USING btree ("expires_at") WHERE "payment_sessions"."status" in ('created', 'awaiting_payment', 'processing');--> statement-breakpoint
CREATE INDEX "payment_sessions_account_amount_idx" ON "payment_sessions" USING btree ("wallet_account_id","final_amount_minor","expires_at");