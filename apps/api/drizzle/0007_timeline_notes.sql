ALTER TABLE "order_events" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('status', 'note'));--> statement-breakpoint
-- Notes written before this column (payments received) repeat the status an earlier entry already has.
UPDATE "order_events" e SET "kind" = 'note' WHERE EXISTS (
  SELECT 1 FROM "order_events" p
  WHERE p."order_id" = e."order_id" AND p."status" = e."status" AND (p."created_at", p."id") < (e."created_at", e."id")
);
