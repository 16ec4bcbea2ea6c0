-- Keys a distributed PostgreSQL can shard by organization (docs/scale-out.md): every primary key
-- and unique index below gets organization_id as its last column, so that lookups by id, or by a
-- token's hash, still use the same index's leading columns, and no index is added. Only keys no
-- foreign key references: a key another table refers to moves with that reference (a composite
-- foreign key), which is not done here. Each key is rebuilt only when it still lacks
-- organization_id and nothing depends on it, so the migration is safe to run on a schema that
-- moved on.
DO $$ BEGIN
  IF to_regclass('api_keys_hash_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('api_keys_hash_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('api_keys_hash_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "api_keys_hash_uq";
    CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree (key_hash, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('api_keys_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('api_keys_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('api_keys_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_pkey", ADD CONSTRAINT "api_keys_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('audit_log_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('audit_log_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('audit_log_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_pkey", ADD CONSTRAINT "audit_log_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('contact_verifications_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('contact_verifications_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('contact_verifications_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "contact_verifications" DROP CONSTRAINT "contact_verifications_pkey", ADD CONSTRAINT "contact_verifications_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('contact_verifications_token_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('contact_verifications_token_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('contact_verifications_token_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "contact_verifications_token_uq";
    CREATE UNIQUE INDEX "contact_verifications_token_uq" ON "contact_verifications" USING btree (token_hash, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('device_unlocks_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('device_unlocks_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('device_unlocks_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "device_unlocks" DROP CONSTRAINT "device_unlocks_pkey", ADD CONSTRAINT "device_unlocks_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('devices_one_product_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('devices_one_product_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('devices_one_product_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "devices_one_product_uq";
    CREATE UNIQUE INDEX "devices_one_product_uq" ON "devices" USING btree (id_product, organization_id) WHERE (id_product IS NOT NULL);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('feedback_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('feedback_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('feedback_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "feedback" DROP CONSTRAINT "feedback_pkey", ADD CONSTRAINT "feedback_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('group_resources_group_id_resource_type_resource_id_pk') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('group_resources_group_id_resource_type_resource_id_pk'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('group_resources_group_id_resource_type_resource_id_pk') AND a.attname = 'organization_id') THEN
    ALTER TABLE "group_resources" DROP CONSTRAINT "group_resources_group_id_resource_type_resource_id_pk", ADD CONSTRAINT "group_resources_group_id_resource_type_resource_id_pk" PRIMARY KEY (group_id, resource_type, resource_id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('group_users_group_id_user_id_pk') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('group_users_group_id_user_id_pk'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('group_users_group_id_user_id_pk') AND a.attname = 'organization_id') THEN
    ALTER TABLE "group_users" DROP CONSTRAINT "group_users_group_id_user_id_pk", ADD CONSTRAINT "group_users_group_id_user_id_pk" PRIMARY KEY (group_id, user_id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('idempotency_keys_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('idempotency_keys_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('idempotency_keys_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey", ADD CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('issues_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('issues_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('issues_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "issues" DROP CONSTRAINT "issues_pkey", ADD CONSTRAINT "issues_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('location_assignments_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('location_assignments_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('location_assignments_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "location_assignments" DROP CONSTRAINT "location_assignments_pkey", ADD CONSTRAINT "location_assignments_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('location_assignments_user_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('location_assignments_user_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('location_assignments_user_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "location_assignments_user_uq";
    CREATE UNIQUE INDEX "location_assignments_user_uq" ON "location_assignments" USING btree (id_location, id_user, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('location_lock_settings_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('location_lock_settings_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('location_lock_settings_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "location_lock_settings" DROP CONSTRAINT "location_lock_settings_pkey", ADD CONSTRAINT "location_lock_settings_pkey" PRIMARY KEY (id_location, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('lock_vendor_accounts_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('lock_vendor_accounts_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('lock_vendor_accounts_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "lock_vendor_accounts" DROP CONSTRAINT "lock_vendor_accounts_pkey", ADD CONSTRAINT "lock_vendor_accounts_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('locker_wall_doors_device_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('locker_wall_doors_device_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('locker_wall_doors_device_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "locker_wall_doors_device_uq";
    CREATE UNIQUE INDEX "locker_wall_doors_device_uq" ON "locker_wall_doors" USING btree (id_device, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('locker_wall_doors_kiosk_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('locker_wall_doors_kiosk_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('locker_wall_doors_kiosk_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "locker_wall_doors_kiosk_uq";
    CREATE UNIQUE INDEX "locker_wall_doors_kiosk_uq" ON "locker_wall_doors" USING btree (id_locker_wall, organization_id) WHERE kiosk;
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('locker_wall_doors_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('locker_wall_doors_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('locker_wall_doors_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "locker_wall_doors" DROP CONSTRAINT "locker_wall_doors_pkey", ADD CONSTRAINT "locker_wall_doors_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('locker_wall_doors_position_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('locker_wall_doors_position_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('locker_wall_doors_position_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "locker_wall_doors_position_uq";
    CREATE UNIQUE INDEX "locker_wall_doors_position_uq" ON "locker_wall_doors" USING btree (id_locker_wall, x, y, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('membership_locations_membership_id_location_id_pk') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('membership_locations_membership_id_location_id_pk'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('membership_locations_membership_id_location_id_pk') AND a.attname = 'organization_id') THEN
    ALTER TABLE "membership_locations" DROP CONSTRAINT "membership_locations_membership_id_location_id_pk", ADD CONSTRAINT "membership_locations_membership_id_location_id_pk" PRIMARY KEY (membership_id, location_id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('membership_users_membership_id_user_id_pk') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('membership_users_membership_id_user_id_pk'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('membership_users_membership_id_user_id_pk') AND a.attname = 'organization_id') THEN
    ALTER TABLE "membership_users" DROP CONSTRAINT "membership_users_membership_id_user_id_pk", ADD CONSTRAINT "membership_users_membership_id_user_id_pk" PRIMARY KEY (membership_id, user_id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('notification_deliveries_once_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('notification_deliveries_once_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('notification_deliveries_once_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "notification_deliveries_once_uq";
    CREATE UNIQUE INDEX "notification_deliveries_once_uq" ON "notification_deliveries" USING btree (id_domain_event, id_notification, channel, kind, organization_id) WHERE (id_domain_event IS NOT NULL);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('notification_deliveries_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('notification_deliveries_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('notification_deliveries_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_pkey", ADD CONSTRAINT "notification_deliveries_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('notification_locations_id_notification_id_location_pk') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('notification_locations_id_notification_id_location_pk'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('notification_locations_id_notification_id_location_pk') AND a.attname = 'organization_id') THEN
    ALTER TABLE "notification_locations" DROP CONSTRAINT "notification_locations_id_notification_id_location_pk", ADD CONSTRAINT "notification_locations_id_notification_id_location_pk" PRIMARY KEY (id_notification, id_location, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('password_reset_codes_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('password_reset_codes_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('password_reset_codes_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "password_reset_codes" DROP CONSTRAINT "password_reset_codes_pkey", ADD CONSTRAINT "password_reset_codes_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('product_tracking_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('product_tracking_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('product_tracking_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "product_tracking" DROP CONSTRAINT "product_tracking_pkey", ADD CONSTRAINT "product_tracking_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('refresh_tokens_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('refresh_tokens_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('refresh_tokens_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_pkey", ADD CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('refresh_tokens_token_hash_unique') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('refresh_tokens_token_hash_unique'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('refresh_tokens_token_hash_unique') AND a.attname = 'organization_id') THEN
    ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_token_hash_unique", ADD CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE (token_hash, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('report_deliveries_once_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('report_deliveries_once_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('report_deliveries_once_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "report_deliveries_once_uq";
    CREATE UNIQUE INDEX "report_deliveries_once_uq" ON "report_deliveries" USING btree (report_id, due_at, recipient, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('report_deliveries_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('report_deliveries_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('report_deliveries_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "report_deliveries" DROP CONSTRAINT "report_deliveries_pkey", ADD CONSTRAINT "report_deliveries_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('reservation_holds_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('reservation_holds_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('reservation_holds_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "reservation_holds" DROP CONSTRAINT "reservation_holds_pkey", ADD CONSTRAINT "reservation_holds_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('table_filters_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('table_filters_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('table_filters_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "table_filters" DROP CONSTRAINT "table_filters_pkey", ADD CONSTRAINT "table_filters_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('toolbox_settings_publishable_key_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('toolbox_settings_publishable_key_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('toolbox_settings_publishable_key_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "toolbox_settings_publishable_key_uq";
    CREATE UNIQUE INDEX "toolbox_settings_publishable_key_uq" ON "toolbox_settings" USING btree (publishable_key, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('transaction_logs_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('transaction_logs_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('transaction_logs_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "transaction_logs" DROP CONSTRAINT "transaction_logs_pkey", ADD CONSTRAINT "transaction_logs_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('transaction_shares_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('transaction_shares_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('transaction_shares_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "transaction_shares" DROP CONSTRAINT "transaction_shares_pkey", ADD CONSTRAINT "transaction_shares_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('transaction_shares_token_uq') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('transaction_shares_token_uq'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('transaction_shares_token_uq') AND a.attname = 'organization_id') THEN
    DROP INDEX "transaction_shares_token_uq";
    CREATE UNIQUE INDEX "transaction_shares_token_uq" ON "transaction_shares" USING btree (token_hash, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('webhook_attempts_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('webhook_attempts_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('webhook_attempts_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey", ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF to_regclass('widget_verifications_pkey') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = to_regclass('widget_verifications_pkey'))
      AND NOT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE i.indexrelid = to_regclass('widget_verifications_pkey') AND a.attname = 'organization_id') THEN
    ALTER TABLE "widget_verifications" DROP CONSTRAINT "widget_verifications_pkey", ADD CONSTRAINT "widget_verifications_pkey" PRIMARY KEY (id, organization_id);
  END IF;
END $$;
