DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_merchant_id" uuid;--> statement-breakpoint
-- Written by hand: the entries made before this column carry their actor's merchant too.
UPDATE "audit_log" SET "actor_merchant_id" = "users"."merchant_id" FROM "users" WHERE "users"."id" = "audit_log"."actor_user_id" AND "users"."merchant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_type_created_id_idx" ON "audit_log" USING btree ("target_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_id_idx" ON "audit_log" USING btree ("actor_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_merchant_created_id_idx" ON "audit_log" USING btree ("actor_merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_created_id_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_ip_created_id_idx" ON "audit_log" USING btree ("ip","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);