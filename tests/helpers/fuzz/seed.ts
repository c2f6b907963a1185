// Something for the fuzz to hit: a category, active and draft services with slots, a picture,
// so that ids in generated requests reach the code behind the lookups. Files the run leaves
// under media/ (stock uploads by the fuzzing admin) are removed afterwards.

import { adminActor, makeCategory, makeMedia, makeService, makeSlot } from '../catalogue'
import type { TestApp } from '../test-app'
import { createUser } from '../users'

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
