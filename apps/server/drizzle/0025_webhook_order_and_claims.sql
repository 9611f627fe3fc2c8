ALTER TABLE "webhook_events" ADD COLUMN "sequence" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
CREATE INDEX "webhook_events_pending_subject_idx" ON "webhook_events" USING btree ("subject_id","sequence") WHERE "webhook_events"."status" = 'pending';--> statement-breakpoint
-- Events written before this numbered in the order they were written.
UPDATE "webhook_events" e SET "sequence" = o.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "webhook_events") o
WHERE e."id" = o."id";--> statement-breakpoint
SELECT setval('webhook_events_sequence_seq', coalesce((SELECT max("sequence") FROM "webhook_events"), 0) + 1, false);
