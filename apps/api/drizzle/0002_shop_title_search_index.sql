CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_shop_title_trgm_idx" ON "products" USING gin ("shop_id","title" gin_trgm_ops);