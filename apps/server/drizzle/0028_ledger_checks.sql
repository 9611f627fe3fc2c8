CREATE TABLE "ledger_checks" (
	"name" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"violations" integer NOT NULL,
	"sample" jsonb NOT NULL
);
