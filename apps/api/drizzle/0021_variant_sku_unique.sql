CREATE TABLE "product_skus" (
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" text NOT NULL,
	"sku" text NOT NULL,
	CONSTRAINT "product_skus_product_id_variant_id_pk" PRIMARY KEY("product_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_skus_shop_sku_key" ON "product_skus" USING btree ("shop_id","sku");--> statement-breakpoint
-- The shop's SKUs follow its products' variants (decision 96): a write that gives a variant a SKU another
-- product of the shop holds (any case) fails with a unique violation on product_skus_shop_sku_key.
CREATE OR REPLACE FUNCTION "products_sync_skus"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "product_skus" WHERE "product_id" = OLD."id";
  END IF;
  INSERT INTO "product_skus" ("shop_id", "product_id", "variant_id", "sku")
  SELECT NEW."shop_id", NEW."id", v->>'_id', lower(btrim(v->>'sku'))
  FROM jsonb_array_elements(NEW."variants") AS v
  WHERE coalesce(btrim(v->>'sku'), '') <> '';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_sync_skus_insert" AFTER INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION "products_sync_skus"();--> statement-breakpoint
CREATE TRIGGER "products_sync_skus_update" AFTER UPDATE OF "variants", "shop_id" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_sync_skus"();--> statement-breakpoint
-- The SKUs already stored; two products saved at the same instant with one SKU (decision 75 allowed it):
-- the older keeps it here, and the other's next change of its variants is refused until it takes another.
INSERT INTO "product_skus" ("shop_id", "product_id", "variant_id", "sku")
SELECT p."shop_id", p."id", v->>'_id', lower(btrim(v->>'sku'))
FROM "products" AS p CROSS JOIN LATERAL jsonb_array_elements(p."variants") AS v
WHERE coalesce(btrim(v->>'sku'), '') <> ''
ORDER BY p."created_at", p."id"
ON CONFLICT DO NOTHING;
