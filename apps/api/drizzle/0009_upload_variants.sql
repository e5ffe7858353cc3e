ALTER TABLE "uploads" ADD COLUMN "variant_widths" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_key_idx" ON "uploads" USING btree ("key");