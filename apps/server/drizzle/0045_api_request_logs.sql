CREATE TABLE "api_request_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"api_token_id" uuid,
	"method" text NOT NULL,
	"route" text,
	"url" text NOT NULL,
	"status_code" integer NOT NULL,
	"duration_ms" double precision NOT NULL,
	"idempotency_key" text,
	"request_id" text NOT NULL,
	"ip" "inet",
	"request_body" jsonb,
	"response_body" jsonb,
	"created_at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_request_logs_merchant_created_id_idx" ON "api_request_logs" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_request_logs_created_brin_idx" ON "api_request_logs" USING brin ("created_at");