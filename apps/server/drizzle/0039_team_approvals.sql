CREATE TABLE "team_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payout_method_id" uuid,
	"payment_session_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"withdrawal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_approvals_amount_check" CHECK ("team_approvals"."amount_minor" > 0),
	CONSTRAINT "team_approvals_subject_check" CHECK (("team_approvals"."kind" = 'settlement') = ("team_approvals"."payout_method_id" is not null) and ("team_approvals"."kind" = 'refund') = ("team_approvals"."payment_session_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "team_approval_above_minor" bigint;--> statement-breakpoint
ALTER TABLE "team_approvals" ADD CONSTRAINT "team_approvals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_approvals" ADD CONSTRAINT "team_approvals_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_approvals" ADD CONSTRAINT "team_approvals_payment_session_id_payment_sessions_id_fk" FOREIGN KEY ("payment_session_id") REFERENCES "public"."payment_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_approvals" ADD CONSTRAINT "team_approvals_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_approvals" ADD CONSTRAINT "team_approvals_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_approvals" ADD CONSTRAINT "team_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_approvals_merchant_idx" ON "team_approvals" USING btree ("merchant_id","status","created_at" DESC NULLS LAST);