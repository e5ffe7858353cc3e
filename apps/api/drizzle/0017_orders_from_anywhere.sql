CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"first_order_at" timestamp with time zone,
	"last_order_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'storefront' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "offers_pickup" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "offers_delivery" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "pickup_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "pickup_directions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "pickup_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_message_settings" ADD COLUMN "payment_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_key_key" ON "customers" USING btree ("shop_id","key");--> statement-breakpoint
CREATE INDEX "customers_shop_last_order_idx" ON "customers" USING btree ("shop_id","last_order_at");--> statement-breakpoint
CREATE INDEX "customers_shop_owing_idx" ON "customers" USING btree ("shop_id","last_order_at") WHERE "customers"."balance_minor" > 0;--> statement-breakpoint
CREATE INDEX "customers_shop_search_trgm_idx" ON "customers" USING gin ("shop_id",lower("name" || ' ' || "phone" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shop_source_idx" ON "orders" USING btree ("shop_id","source","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_shop_phone_idx" ON "orders" USING btree ("shop_id","phone");--> statement-breakpoint
CREATE INDEX "orders_shop_email_idx" ON "orders" USING btree ("shop_id",lower("email"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" in ('storefront','whatsapp','phone','walk-in','instagram','facebook','other'));--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_fulfilment_check" CHECK ("shop_configs"."offers_pickup" or "shop_configs"."offers_delivery");--> statement-breakpoint
INSERT INTO "customers" ("shop_id", "key", "currency")
SELECT "shop_id", "key", min("currency") FROM (
	SELECT "shop_id", "currency", CASE WHEN btrim("phone") <> '' THEN btrim("phone") ELSE 'email:' || lower(btrim("email")) END AS "key"
	FROM "orders" WHERE btrim("phone") <> '' OR btrim("email") <> ''
) AS "keyed" GROUP BY "shop_id", "key"
ON CONFLICT ("shop_id", "key") DO NOTHING;--> statement-breakpoint
UPDATE "orders" SET "customer_id" = "c"."id" FROM "customers" AS "c"
WHERE "orders"."customer_id" IS NULL AND "c"."shop_id" = "orders"."shop_id"
	AND "c"."key" = CASE WHEN btrim("orders"."phone") <> '' THEN btrim("orders"."phone") ELSE 'email:' || lower(btrim("orders"."email")) END;--> statement-breakpoint
UPDATE "customers" SET
	"orders" = "f"."orders", "spent_minor" = "f"."spent", "balance_minor" = "f"."balance",
	"first_order_at" = "f"."first_at", "last_order_at" = "f"."last_at",
	"name" = coalesce("f"."name", ''), "phone" = coalesce("f"."phone", ''), "email" = coalesce("f"."email", ''), "updated_at" = now()
FROM (
	SELECT "o"."customer_id",
		count(*) FILTER (WHERE "o"."status" <> 'canceled')::int AS "orders",
		sum("o"."paid" - "o"."refunded")::bigint AS "spent",
		sum(CASE WHEN "o"."status" <> 'canceled' AND "o"."total_minor" + "o"."tax_minor" > "o"."paid" THEN "o"."total_minor" + "o"."tax_minor" - "o"."paid" ELSE 0 END)::bigint AS "balance",
		min("o"."created_at") AS "first_at", max("o"."created_at") AS "last_at",
		(array_agg(btrim("o"."customer_name") ORDER BY "o"."created_at" DESC) FILTER (WHERE btrim("o"."customer_name") <> ''))[1] AS "name",
		(array_agg("o"."phone" ORDER BY "o"."created_at" DESC) FILTER (WHERE btrim("o"."phone") <> ''))[1] AS "phone",
		(array_agg(btrim("o"."email") ORDER BY "o"."created_at" DESC) FILTER (WHERE btrim("o"."email") <> ''))[1] AS "email"
	FROM (
		SELECT "orders".*,
			coalesce((SELECT sum("t"."amount_minor") FROM "transactions" AS "t" WHERE "t"."order_id" = "orders"."id" AND "t"."status" = 'success'), 0) AS "paid",
			coalesce((SELECT sum("r"."amount_minor") FROM "refunds" AS "r" WHERE "r"."order_id" = "orders"."id" AND "r"."status" IN ('pending', 'succeeded')), 0) AS "refunded"
		FROM "orders" WHERE "orders"."customer_id" IS NOT NULL
	) AS "o"
	GROUP BY "o"."customer_id"
) AS "f"
WHERE "customers"."id" = "f"."customer_id";
