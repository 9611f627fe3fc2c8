ALTER TABLE "idempotency_keys" ADD COLUMN "caller" text DEFAULT 'merchant_api' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_merchant_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_merchant_id_caller_key_pk" PRIMARY KEY("merchant_id","caller","key");
