-- A shop's page_version moves once per transaction, not once per row or statement (migration 0010 bumped
-- it for every stock row staff set, so setting 1,000 rows wrote 1,000 versions of the shop's row, each
-- update walking the ones before it). A shop row this transaction already wrote has this transaction's id
-- as its xmin, and needs no second bump: the new version becomes visible when the transaction commits.
CREATE OR REPLACE FUNCTION "shop_rows_bump_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shops" SET "page_version" = "page_version" + 1
  WHERE "id" IN (SELECT DISTINCT "shop_id" FROM "changed_rows") AND "xmin" <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "inventory_bump_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shops" SET "page_version" = "page_version" + 1
  WHERE "id" = NEW."shop_id" AND "xmin" <> pg_current_xact_id()::xid;
  RETURN NEW;
END $$;
