import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// A service's earlier versions keep its seats too: the versions' table was made before `seatsPerSlot` existed.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "_service_listings_v" ADD COLUMN "version_seats_per_slot" numeric DEFAULT 1;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "_service_listings_v" DROP COLUMN IF EXISTS "version_seats_per_slot";`)
}
