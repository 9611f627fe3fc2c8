ALTER TABLE "merchants" ADD COLUMN "team_second_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merchant_role" text;--> statement-breakpoint
-- Every Merchant user so far was its merchant's one user: its owner.
UPDATE "users" SET "merchant_role" = 'owner' WHERE "role_id" = 4;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_role_check" CHECK (("users"."role_id" = 4) = ("users"."merchant_role" is not null) and "users"."merchant_role" in ('owner', 'developer', 'finance', 'viewer'));