// The panel walk (tests/helpers/panel-walk.ts), the admin's share: every collection list of
// the Community group and the first document of each; nothing fetched from elsewhere, no error.
import { describe, expect, it } from '@jest/globals'

import { submitPanelLogin } from '../helpers/panel'
import { documentsAmong, usePanelWalk, WALK_ADMIN } from '../helpers/panel-walk'

const walk = usePanelWalk()

describe('the panel fetches nothing from elsewhere and logs no error', () => {
  it('for an admin walking every collection of the Community group and a document of each', async () => {
    const { page, trouble } = await walk.watchedPage()
    await submitPanelLogin(page, walk.base, WALK_ADMIN)
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.waitForLoadState('networkidle')
    const seen = await walk.walkCollections(page, { only: 'Community' })
    // A document of most of them (the demo data fills them). With panel-walk-admin's share:
    // more than 10 documents, as when the walk was one test.
    expect(documentsAmong(seen).length).toBeGreaterThan(5)
    expect(trouble).toEqual({ offsite: [], consoleErrors: [], failedResources: [] })
    await page.close()
  }, 600_000)
})
