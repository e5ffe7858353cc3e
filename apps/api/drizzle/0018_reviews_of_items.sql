DROP INDEX "reviews_shop_order_key";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "product_id" uuid;--> statement-breakpoint
CREATE INDEX "reviews_shop_product_visible_idx" ON "reviews" USING btree ("shop_id","product_id","created_at") WHERE not "reviews"."hidden";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_shop_order_product_key" UNIQUE NULLS NOT DISTINCT("shop_id","related_order","product_id");