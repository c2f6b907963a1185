// A deleted media file leaves no empty link behind on any service: its rows in the services'
// media arrays go in the same transaction (a category's featuredImage is emptied by its
// foreign key, ON DELETE SET NULL).
import type { CollectionBeforeDeleteHook } from 'payload'

import { execute, sql } from '../../../src/lib/sql'

export const unlinkFromServices: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await execute(req, sql`DELETE FROM service_listings_media WHERE file_id = ${String(id)}`)
}
