CREATE TABLE "platform_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"shop_id" uuid,
	"shop_slug" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_audit_events_action_check" CHECK ("platform_audit_events"."action" in ('suspend', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "platform_audit_events" ADD CONSTRAINT "platform_audit_events_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_audit_events" ADD CONSTRAINT "platform_audit_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_audit_events_created_idx" ON "platform_audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "platform_audit_events_shop_idx" ON "platform_audit_events" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shop_domains_domain_trgm_idx" ON "shop_domains" USING gin ("domain" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_created_idx" ON "shops" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shops_search_trgm_idx" ON "shops" USING gin (lower("title" || ' ' || "slug") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_suspended_idx" ON "shops" USING btree ("id") WHERE "shops"."suspended_at" is not null;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_suspension_check" CHECK (("shops"."suspended_at" is null) = ("shops"."suspension_reason" is null));