DROP INDEX "shop_domains_domain_key";--> statement-breakpoint
DROP INDEX "shop_domains_shop_idx";--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "shop_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "unpaid_order_timeout_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_domains" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_domains" ADD COLUMN "verification_token" text;--> statement-breakpoint
-- Domains added before verification existed were trusted at once: they start again as pending, each with a token.
UPDATE "shop_domains" SET "verification_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "shop_domains" ALTER COLUMN "verification_token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_domains" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_domains" ADD COLUMN "check_error" text;--> statement-breakpoint
ALTER TABLE "shop_role_invitations" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "access_code_hash" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'placed' and not "orders"."acked";--> statement-breakpoint
CREATE UNIQUE INDEX "shop_domains_verified_domain_key" ON "shop_domains" USING btree ("domain") WHERE "shop_domains"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "shop_domains_shop_domain_key" ON "shop_domains" USING btree ("shop_id","domain");--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_unpaid_timeout_check" CHECK ("shop_configs"."unpaid_order_timeout_minutes" between 5 and 10080);--> statement-breakpoint
ALTER TABLE "shop_domains" ADD CONSTRAINT "shop_domains_status_check" CHECK ("shop_domains"."status" in ('pending', 'verified'));