CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX "products_shop_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_shop_title_trgm_idx" ON "products" USING gist ("shop_id","title" gist_trgm_ops(siglen=48));
