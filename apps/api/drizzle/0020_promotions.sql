CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"min_subtotal_minor" bigint DEFAULT 0 NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('free-delivery', 'percentage', 'fixed')),
	CONSTRAINT "promotions_value_check" CHECK ("promotions"."value" >= 0 and "promotions"."min_subtotal_minor" >= 0),
	CONSTRAINT "promotions_window_check" CHECK ("promotions"."starts_at" is null or "promotions"."ends_at" is null or "promotions"."starts_at" < "promotions"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "promotions" jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "promotion_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_waived_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotions" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_waived_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "promotions_stack_with_codes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_shop_created_idx" ON "promotions" USING btree ("shop_id","created_at");--> statement-breakpoint
-- Promotions show on the shop's public pages ("Free delivery over GHS 300"): a change moves its page_version.
CREATE TRIGGER "promotions_page_version_insert" AFTER INSERT ON "promotions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "promotions_page_version_update" AFTER UPDATE ON "promotions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();--> statement-breakpoint
CREATE TRIGGER "promotions_page_version_delete" AFTER DELETE ON "promotions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "shop_rows_bump_page_version"();
