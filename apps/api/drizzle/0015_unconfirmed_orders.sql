ALTER TABLE "orders" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "shopper_line_max" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "unconfirmed_orders_per_buyer" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "unconfirmed_order_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_unconfirmed_idx" ON "orders" USING btree ("confirm_by") WHERE "orders"."status" = 'placed' and "orders"."confirm_by" is not null;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_shopper_line_max_check" CHECK ("shop_configs"."shopper_line_max" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_unconfirmed_orders_per_buyer_check" CHECK ("shop_configs"."unconfirmed_orders_per_buyer" between 1 and 100);--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_unconfirmed_order_hours_check" CHECK ("shop_configs"."unconfirmed_order_hours" between 1 and 720);--> statement-breakpoint
-- Pay-on-delivery orders a shopper placed that still wait for the shop when this version arrives get the
-- shop's window from now rather than from when they were placed, so upgrading cancels nothing at once.
UPDATE "orders" o SET "confirm_by" = now() + make_interval(hours => coalesce(
  (SELECT c."unconfirmed_order_hours" FROM "shop_configs" c WHERE c."shop_id" = o."shop_id"), 48))
WHERE o."status" = 'placed' AND o."payment_provider" = 'manual'
  AND NOT EXISTS (SELECT 1 FROM "transactions" t WHERE t."shop_id" = o."shop_id" AND t."order_id" = o."id" AND t."status" = 'success')
  AND NOT EXISTS (SELECT 1 FROM "shop_roles" r WHERE r."shop_id" = o."shop_id" AND r."user_id" = o."profile_id" AND r."status" = 'active');
