ALTER TABLE "shops" ADD COLUMN "page_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The server caches a shop's public pages under its page_version (apps/api/src/web/page-cache.ts). Every
-- change to what those pages show bumps it in the same transaction, whichever code path makes it.
-- A shop's own row: any change but the bump itself.
CREATE FUNCTION "shops_bump_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."page_version" = OLD."page_version" THEN
    NEW."page_version" := OLD."page_version" + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "shops_page_version" BEFORE UPDATE ON "shops"
  FOR EACH ROW EXECUTE FUNCTION "shops_bump_page_version"();--> statement-breakpoint
-- Rows of other tables, once per statement for the shops its rows belong to.
CREATE FUNCTION "shop_rows_bump_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shops" SET "page_version" = "page_version" + 1
  WHERE "id" IN (SELECT DISTINCT "shop_id" FROM "changed_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shop_configs_page_version_insert" AFTER INSERT ON "shop_configs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "shop_configs_page_version_update" AFTER UPDATE ON "shop_configs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "categories_page_version_insert" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "categories_page_version_update" AFTER UPDATE ON "categories" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "categories_page_version_delete" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "products_page_version_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "products_page_version_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "products_page_version_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "delivery_rates_page_version_insert" AFTER INSERT ON "delivery_rates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "delivery_rates_page_version_update" AFTER UPDATE ON "delivery_rates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "delivery_rates_page_version_delete" AFTER DELETE ON "delivery_rates" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "reviews_page_version_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "reviews_page_version_update" AFTER UPDATE ON "reviews" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "reviews_page_version_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
-- Stock: staff set it with INSERT … ON CONFLICT (catalog/inventory.repository.ts), which fires row-level
-- BEFORE INSERT triggers whether it inserts or updates; orders take and give back stock with plain UPDATEs,
-- which leave the version alone (a busy shop would otherwise never keep a page cached): cached pages show
-- the stock orders leave within the cache's lifetime.
CREATE FUNCTION "inventory_bump_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shops" SET "page_version" = "page_version" + 1 WHERE "id" = NEW."shop_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "inventory_page_version_set" BEFORE INSERT ON "inventory"
  FOR EACH ROW EXECUTE FUNCTION "inventory_bump_page_version"();
