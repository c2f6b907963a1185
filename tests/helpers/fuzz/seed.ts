// Something for the fuzz to hit: a category, active and draft services with slots, a picture,
// so that ids in generated requests reach the code behind the lookups. Files the run leaves
// under media/ (stock uploads by the fuzzing admin) are removed afterwards.
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { adminActor, makeCategory, makeMedia, makeService, makeSlot } from '../catalogue'
import { sql, type TestApp } from '../test-app'
import { createUser } from '../users'

const MEDIA_DIR = fileURLToPath(new URL('../../../media', import.meta.url))

export async function seedFuzzData(app: TestApp): Promise<void> {
  const admin = await adminActor(app)
  await createUser(app, { roles: ['citizen'] })
  await createUser(app, { roles: ['citizen'], verified: false })
  const category = await makeCategory(admin)
  const media = await makeMedia(app, 'Fuzz picture')
  for (const status of ['active', 'active', 'draft']) {
    const service = await makeService(admin, {
      status,
      categoryId: category.id,
      basePrice: '25.50',
      currency: 'EUR',
      durationMinutes: 60,
      translations: [{ inLanguage: 'en', title: `Fuzz ${status}` }],
      media: [{ mediaId: media }],
    })
    await makeSlot(admin, service.id)
  }
}

/** Removes every stored media file of this database (the database itself goes with the app). */
export async function removeFuzzMedia(app: TestApp): Promise<void> {
  const rows = await sql<{ filename: string | null }>(app, `SELECT filename FROM service_media`)
  const names = rows.flatMap((row) => (row.filename ? [row.filename] : []))
  await Promise.all(names.map((name) => fs.rm(path.join(MEDIA_DIR, path.basename(name)), { force: true })))
}
