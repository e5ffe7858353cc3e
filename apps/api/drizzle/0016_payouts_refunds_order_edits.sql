CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"transaction_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"provider_reference" text,
	"restock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "payout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "subaccount_code" text;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "adjustment_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "adjustment_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_shop_created_idx" ON "refunds" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_reference_key" ON "refunds" USING btree ("provider_reference") WHERE "refunds"."provider_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "financial_accounts_shop_payout_key" ON "financial_accounts" USING btree ("shop_id") WHERE "financial_accounts"."payout";