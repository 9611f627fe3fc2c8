CREATE TABLE "account_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"command_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"wallet_account_id" uuid,
	"device_id" uuid,
	"provider" text NOT NULL,
	"account_number" text NOT NULL,
	"status" text NOT NULL,
	"holder_name" text,
	"failure_reason" text,
	"message" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"verified_holder_name" text,
	"failure_reason" text,
	"verified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"reference_number" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"payout_method_id" uuid,
	"dest_provider" text NOT NULL,
	"dest_account_number" text NOT NULL,
	"dest_holder_name" text NOT NULL,
	"verified_holder_name" text,
	"note" text DEFAULT '' NOT NULL,
	"wallet_account_id" uuid,
	"device_id" uuid,
	"command_id" uuid,
	"transfer_started_at" timestamp with time zone,
	"transfer_deadline_at" timestamp with time zone,
	"wallet_transaction_id" uuid,
	"transfer_reference" text,
	"failure_reason" text,
	"customer" jsonb,
	"return_url" text,
	"api_token_id" uuid,
	"expires_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"last_changed_by_user_id" uuid,
	"approved_by_user_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amounts_check" CHECK ("withdrawals"."amount_minor" > 0 and "withdrawals"."fee_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "withdrawal_fee_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "withdrawal_fee_fixed_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_inquiries" ADD CONSTRAINT "account_inquiries_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_inquiries" ADD CONSTRAINT "account_inquiries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_api_token_id_api_tokens_id_fk" FOREIGN KEY ("api_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_last_changed_by_user_id_users_id_fk" FOREIGN KEY ("last_changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_inquiries_command_key" ON "account_inquiries" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "account_inquiries_subject_idx" ON "account_inquiries" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "account_inquiries_running_idx" ON "account_inquiries" USING btree ("deadline_at") WHERE "account_inquiries"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_destination_key" ON "payout_methods" USING btree ("merchant_id","provider","account_number") WHERE "payout_methods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payout_methods_merchant_idx" ON "payout_methods" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_events_withdrawal_idx" ON "withdrawal_events" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_merchant_reference_key" ON "withdrawals" USING btree ("merchant_id","reference_number");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_command_key" ON "withdrawals" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_transaction_key" ON "withdrawals" USING btree ("wallet_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_account_sending_key" ON "withdrawals" USING btree ("wallet_account_id") WHERE "withdrawals"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "withdrawals_created_id_idx" ON "withdrawals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_id_idx" ON "withdrawals" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_merchant_created_id_idx" ON "withdrawals" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_payout_method_idx" ON "withdrawals" USING btree ("payout_method_id");--> statement-breakpoint
CREATE INDEX "withdrawals_transfer_deadline_idx" ON "withdrawals" USING btree ("transfer_deadline_at") WHERE "withdrawals"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "withdrawals_uncertain_account_idx" ON "withdrawals" USING btree ("wallet_account_id") WHERE "withdrawals"."status" = 'uncertain';--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_withdrawal_fee_check" CHECK ("merchants"."withdrawal_fee_basis_points" between 0 and 10000 and "merchants"."withdrawal_fee_fixed_minor" >= 0);