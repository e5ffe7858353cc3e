ALTER TABLE "checkouts" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "whatsapp" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_shop_search_trgm_idx" ON "orders" USING gin ("shop_id",lower("order_id" || ' ' || "customer_name" || ' ' || "email" || ' ' || "phone") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_low_stock_threshold_check" CHECK ("shop_configs"."low_stock_threshold" between 0 and 1000);