CREATE TABLE "wallet_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"auto_disabled_cause" jsonb,
	"login_status" text DEFAULT 'logged_out' NOT NULL,
	"login_status_changed_at" timestamp with time zone,
	"balance_minor" bigint,
	"balance_read_at" timestamp with time zone,
	"daily_incoming_amount_minor" bigint,
	"daily_incoming_count" integer,
	"daily_outgoing_amount_minor" bigint,
	"daily_outgoing_count" integer,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"proxy_id" uuid,
	"credentials_encrypted" text,
	"credential_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credentials_updated_at" timestamp with time zone,
	"health_state" text DEFAULT 'unknown' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"qr_payload" text,
	"qr_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_provider_check" CHECK ("wallet_accounts"."provider" in ('dana', 'livin', 'maya')),
	CONSTRAINT "wallet_accounts_balance_check" CHECK ("wallet_accounts"."balance_minor" is null or "wallet_accounts"."balance_minor" >= 0),
	CONSTRAINT "wallet_accounts_failures_check" CHECK ("wallet_accounts"."consecutive_failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_daily_totals" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"direction" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "wallet_daily_totals_account_id_day_direction_pk" PRIMARY KEY("account_id","day","direction"),
	CONSTRAINT "wallet_daily_totals_amount_check" CHECK ("wallet_daily_totals"."amount_minor" > 0 and "wallet_daily_totals"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_login_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"current_step" smallint DEFAULT 0 NOT NULL,
	"failed_step" smallint,
	"reason" text,
	"started_by_user_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"otp_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_login_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_id" uuid NOT NULL,
	"step" smallint NOT NULL,
	"status" text NOT NULL,
	"command_id" text NOT NULL,
	"device_id" uuid NOT NULL,
	"reason" text,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"direction" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"counterparty_name" text DEFAULT '' NOT NULL,
	"counterparty_account" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "wallet_transactions_amount_check" CHECK ("wallet_transactions"."amount_minor" > 0),
	CONSTRAINT "wallet_transactions_direction_check" CHECK ("wallet_transactions"."direction" in ('in', 'out'))
);
--> statement-breakpoint
DROP INDEX "health_check_runs_one_checking_key";--> statement-breakpoint
ALTER TABLE "health_check_runs" ADD COLUMN "wallet_account_id" uuid;--> statement-breakpoint
ALTER TABLE "health_check_runs" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_daily_totals" ADD CONSTRAINT "wallet_daily_totals_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_login_flows" ADD CONSTRAINT "wallet_login_flows_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_login_flows" ADD CONSTRAINT "wallet_login_flows_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_login_steps" ADD CONSTRAINT "wallet_login_steps_flow_id_wallet_login_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."wallet_login_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_number_key" ON "wallet_accounts" USING btree ("provider","account_number");--> statement-breakpoint
CREATE INDEX "wallet_accounts_device_idx" ON "wallet_accounts" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "wallet_accounts_label_idx" ON "wallet_accounts" USING btree ("provider","label","id");--> statement-breakpoint
CREATE INDEX "wallet_accounts_created_idx" ON "wallet_accounts" USING btree ("provider","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_accounts_balance_idx" ON "wallet_accounts" USING btree ("provider",coalesce("balance_minor", -1),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_login_flows_one_active_key" ON "wallet_login_flows" USING btree ("account_id") WHERE "wallet_login_flows"."status" in ('running', 'awaiting_otp');--> statement-breakpoint
CREATE INDEX "wallet_login_flows_account_idx" ON "wallet_login_flows" USING btree ("account_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_login_flows_otp_idx" ON "wallet_login_flows" USING btree ("otp_expires_at") WHERE "wallet_login_flows"."status" = 'awaiting_otp';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_login_steps_command_key" ON "wallet_login_steps" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_login_steps_one_running_key" ON "wallet_login_steps" USING btree ("flow_id") WHERE "wallet_login_steps"."status" = 'running';--> statement-breakpoint
CREATE INDEX "wallet_login_steps_flow_idx" ON "wallet_login_steps" USING btree ("flow_id","started_at");--> statement-breakpoint
CREATE INDEX "wallet_login_steps_deadline_idx" ON "wallet_login_steps" USING btree ("deadline_at") WHERE "wallet_login_steps"."status" = 'running';--> statement-breakpoint
CREATE INDEX "wallet_login_steps_device_idx" ON "wallet_login_steps" USING btree ("device_id") WHERE "wallet_login_steps"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_provider_id_key" ON "wallet_transactions" USING btree ("account_id","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_account_idx" ON "wallet_transactions" USING btree ("account_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_match_idx" ON "wallet_transactions" USING btree ("account_id","direction","amount_minor","occurred_at");--> statement-breakpoint
ALTER TABLE "health_check_runs" ADD CONSTRAINT "health_check_runs_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_check_runs_wallet_idx" ON "health_check_runs" USING btree ("wallet_account_id","started_at" DESC NULLS LAST) WHERE "health_check_runs"."wallet_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "health_check_runs_one_wallet_checking_key" ON "health_check_runs" USING btree ("wallet_account_id","type") WHERE "health_check_runs"."status" = 3 and "health_check_runs"."wallet_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "health_check_runs_one_checking_key" ON "health_check_runs" USING btree ("device_id","type") WHERE "health_check_runs"."status" = 3 and "health_check_runs"."wallet_account_id" is null;