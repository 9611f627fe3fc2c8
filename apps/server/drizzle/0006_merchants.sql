CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"deposit_fee_basis_points" integer DEFAULT 0 NOT NULL,
	"deposit_fee_fixed_minor" bigint DEFAULT 0 NOT NULL,
	"min_amount_minor" bigint NOT NULL,
	"max_amount_minor" bigint NOT NULL,
	"allowed_methods" text[] NOT NULL,
	"callback_url" text,
	"webhook_secret_encrypted" text NOT NULL,
	"embed_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"payment_time_limit_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_code_upper_check" CHECK ("merchants"."code" = upper("merchants"."code")),
	CONSTRAINT "merchants_fee_check" CHECK ("merchants"."deposit_fee_basis_points" between 0 and 10000 and "merchants"."deposit_fee_fixed_minor" >= 0),
	CONSTRAINT "merchants_amounts_check" CHECK ("merchants"."min_amount_minor" > 0 and "merchants"."min_amount_minor" <= "merchants"."max_amount_minor"),
	CONSTRAINT "merchants_methods_check" CHECK (cardinality("merchants"."allowed_methods") > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_code_key" ON "merchants" USING btree ("code");--> statement-breakpoint
CREATE INDEX "merchants_name_id_idx" ON "merchants" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "merchants_status_name_id_idx" ON "merchants" USING btree ("status","name","id");--> statement-breakpoint
-- No merchant existed before this migration, so any merchant_id set so far points nowhere.
UPDATE "users" SET "merchant_id" = NULL WHERE "merchant_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;