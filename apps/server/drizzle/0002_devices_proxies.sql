CREATE TABLE "device_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"connection_id" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	"reason" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_simulated" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"token_hash" text NOT NULL,
	"token_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"protocol_version" integer,
	"app_versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"telemetry" jsonb,
	"connection_id" text,
	"connected_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"is_busy" boolean DEFAULT false NOT NULL,
	"busy_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_check_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" smallint NOT NULL,
	"trigger" text NOT NULL,
	"started_by_user_id" uuid,
	"command_id" text NOT NULL,
	"data" jsonb,
	"additional_data" jsonb,
	"reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text,
	"password_encrypted" text,
	"label" text DEFAULT '' NOT NULL,
	"check_status" text DEFAULT 'unchecked' NOT NULL,
	"last_checked_at" timestamp with time zone,
	"latency_ms" integer,
	"exit_ip" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_by" text
);
--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_check_runs" ADD CONSTRAINT "health_check_runs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_connections_device_idx" ON "device_connections" USING btree ("device_id","connected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_hash_key" ON "devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "devices_name_idx" ON "devices" USING btree ("name");--> statement-breakpoint
CREATE INDEX "health_check_runs_device_idx" ON "health_check_runs" USING btree ("device_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "health_check_runs_command_key" ON "health_check_runs" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "health_check_runs_one_checking_key" ON "health_check_runs" USING btree ("device_id","type") WHERE "health_check_runs"."status" = 3;--> statement-breakpoint
CREATE INDEX "health_check_runs_deadline_idx" ON "health_check_runs" USING btree ("deadline_at") WHERE "health_check_runs"."status" = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_endpoint_key" ON "proxies" USING btree ("type","host","port","username");