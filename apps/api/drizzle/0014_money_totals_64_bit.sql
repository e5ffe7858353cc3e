-- One ALTER per table, so each table is rewritten once.
ALTER TABLE "checkouts"
  ALTER COLUMN "subtotal_minor" SET DATA TYPE bigint,
  ALTER COLUMN "tax_minor" SET DATA TYPE bigint,
  ALTER COLUMN "delivery_minor" SET DATA TYPE bigint,
  ALTER COLUMN "discount_minor" SET DATA TYPE bigint,
  ALTER COLUMN "total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders"
  ALTER COLUMN "subtotal_minor" SET DATA TYPE bigint,
  ALTER COLUMN "tax_minor" SET DATA TYPE bigint,
  ALTER COLUMN "delivery_minor" SET DATA TYPE bigint,
  ALTER COLUMN "discount_minor" SET DATA TYPE bigint,
  ALTER COLUMN "total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;
