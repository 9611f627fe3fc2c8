DROP INDEX "proxies_endpoint_key";--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_endpoint_key" ON "proxies" USING btree ("type","host","port",coalesce("username", ''));