ALTER TABLE "deposit_matches" ADD COLUMN "proposal" jsonb;--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD COLUMN "proposed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_matches" ADD CONSTRAINT "deposit_matches_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;