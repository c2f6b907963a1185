// The catalogue's indexes collection config cannot say (a trigram GIN index for `q`, compound indexes named
// with their table), handed to the database adapter and added to the schema migrations are built from.
import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { type ExtraConfigColumn, index, type IndexBuilder } from '@payloadcms/db-postgres/drizzle/pg-core'

type PostgresSchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]
type Columns = Record<string, ExtraConfigColumn>
type IndexSpec = (name: string, columns: Columns) => IndexBuilder

export const SEARCH_INDEX = 'service_listings_search_text_trgm_idx'

const on =
  (...keys: string[]): IndexSpec =>
  (name, columns) =>
    index(name).on(...(keys.map((key) => columns[key]!) as [ExtraConfigColumn, ...ExtraConfigColumn[]]))

const trigram =
  (key: string): IndexSpec =>
  (name, columns) =>
    index(name).using('gin', columns[key]!.op('gin_trgm_ops'))

// table → index name → columns (the drizzle keys are the Payload field names).
const INDEXES: Record<string, Record<string, IndexSpec>> = {
  service_listings: {
    [SEARCH_INDEX]: trigram('searchText'),
    service_listings_status_created_at_idx: on('status', 'createdAt'),
    service_listings_category_created_at_idx: on('category', 'createdAt'),
    service_listings_organization_created_at_idx: on('organization', 'createdAt'),
    service_listings_is_featured_created_at_idx: on('isFeatured', 'createdAt'),
    service_listings_display_in_home_created_at_idx: on('displayInHome', 'createdAt'),
  },
  service_categories: {
    service_categories_sort_order_slug_idx: on('sortOrder', 'slug'),
  },
  service_availability: {
    service_availability_service_day_start_idx: on('service', 'dayOfWeek', 'startTime'),
  },
  // The admin bookings list (src/operations/bookings/admin-bookings.ts): its order (date, time,
  // id as the tie-break) under each filter, and `q` in customer messages.
  bookings: {
    bookings_service_status_idx: on('service', 'status'),
    bookings_date_time_idx: on('bookingDate', 'bookingTime', 'id'),
    bookings_status_date_time_idx: on('status', 'bookingDate', 'bookingTime', 'id'),
    bookings_service_date_time_idx: on('service', 'bookingDate', 'bookingTime', 'id'),
    bookings_customer_message_trgm_idx: trigram('customerMessage'),
  },
}

const catalogueIndexes: PostgresSchemaHook = ({ extendTable, schema }) => {
  for (const [tableName, indexes] of Object.entries(INDEXES)) {
    const table = schema.tables[tableName]
    if (!table) continue
    extendTable({
      table,
      extraConfig: (columns) =>
        Object.fromEntries(Object.entries(indexes).map(([name, build]) => [name, build(name, columns)])),
    })
  }
  return schema
}

export const catalogueDatabase: Pick<PostgresAdapterArgs, 'extensions' | 'afterSchemaInit'> = {
  extensions: ['pg_trgm'],
  afterSchemaInit: [catalogueIndexes],
}
