-- A product sits in at most one device, and a product in a device cannot be deleted
-- (spec: operational §5 Device "product options exclude products already assigned to devices").
CREATE UNIQUE INDEX IF NOT EXISTS "devices_one_product_uq" ON "devices" USING btree ("id_product") WHERE "id_product" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_fk" FOREIGN KEY ("id_product") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;
