CREATE TABLE "staff_alert_settings" (
	"shop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"new_orders" boolean,
	"low_stock" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_alert_settings_shop_id_user_id_pk" PRIMARY KEY("shop_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "shop_message_settings" ADD COLUMN "buyer_emails_off" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_alert_settings" ADD CONSTRAINT "staff_alert_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alert_settings" ADD CONSTRAINT "staff_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_shop_event_idx" ON "outbox_messages" USING btree ("shop_id","event" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "shop_message_settings" DROP COLUMN "order_emails";--> statement-breakpoint
ALTER TABLE "shop_message_settings" DROP COLUMN "staff_order_alerts";--> statement-breakpoint
ALTER TABLE "shop_message_settings" DROP COLUMN "staff_low_stock_alerts";