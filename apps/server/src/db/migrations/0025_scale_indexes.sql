DROP INDEX "users_org_created_idx";--> statement-breakpoint
DROP INDEX "devices_org_location_idx";--> statement-breakpoint
DROP INDEX "transactions_org_created_idx";--> statement-breakpoint
DROP INDEX "transactions_org_status_idx";--> statement-breakpoint
DROP INDEX "transactions_org_user_idx";--> statement-breakpoint
DROP INDEX "transactions_org_location_idx";--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm" ON "users" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_user_id_trgm" ON "users" USING gin ("user_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_address_trgm" ON "users" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_name_trgm" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_locker_number_trgm" ON "devices" USING gin (("locker_number"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_org_type_idx" ON "transactions" USING btree ("organization_id","event_type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_org_device_idx" ON "transactions" USING btree ("organization_id","id_device","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_invoice_trgm" ON "transactions" USING gin ("invoice_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_order_trgm" ON "transactions" USING gin ("order_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_phone_trgm" ON "transactions" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_email_trgm" ON "transactions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_org_created_idx" ON "users" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "devices_org_location_idx" ON "devices" USING btree ("organization_id","id_location","locker_number","id");--> statement-breakpoint
CREATE INDEX "transactions_org_created_idx" ON "transactions" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_org_status_idx" ON "transactions" USING btree ("organization_id","event_status","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_org_user_idx" ON "transactions" USING btree ("organization_id","id_user","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_org_location_idx" ON "transactions" USING btree ("organization_id","id_location","created_at","id");