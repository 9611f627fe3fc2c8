ALTER TABLE "payment_sessions" ADD COLUMN "received_amount_minor" bigint;--> statement-breakpoint
-- Every session paid so far was paid its final amount exactly.
UPDATE "payment_sessions" SET "received_amount_minor" = "final_amount_minor" WHERE "status" = 'success';
