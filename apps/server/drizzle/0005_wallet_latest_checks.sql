ALTER TABLE "wallet_accounts" ADD COLUMN "health_latest" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "health_check_runs_wallet_type_idx" ON "health_check_runs" USING btree ("wallet_account_id","type","started_at" DESC NULLS LAST) WHERE "health_check_runs"."wallet_account_id" is not null;--> statement-breakpoint
UPDATE "wallet_accounts" a SET "health_latest" = coalesce((
  SELECT jsonb_object_agg(t.type, jsonb_build_object(
    'status', r.status::int, 'reason', r.reason, 'message', r.message,
    'startedAt', to_char(r.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'finishedAt', to_char(r.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
  FROM (VALUES ('get_balance'), ('transfer'), ('transaction_history'), ('get_qr_code')) AS t(type)
  CROSS JOIN LATERAL (
    SELECT h.status, h.reason, h.message, h.started_at, h.finished_at FROM "health_check_runs" h
    WHERE h.wallet_account_id = a.id AND h.type = t.type
    ORDER BY h.started_at DESC NULLS LAST LIMIT 1
  ) r
), '{}'::jsonb);
