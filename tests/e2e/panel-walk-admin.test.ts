// The panel walk (tests/helpers/panel-walk.ts), the admin's share: every collection list outside
// the Community group (panel-walk-community walks that one), the first document of each and the
// custom views; nothing fetched from elsewhere, no error.
import { describe, expect, it } from '@jest/globals'

import { submitPanelLogin } from '../helpers/panel'
import { documentsAmong, usePanelWalk, WALK_ADMIN } from '../helpers/panel-walk'

const walk = usePanelWalk()

describe('the panel fetches nothing from elsewhere and logs no error', () => {
  it('for an admin walking every collection outside Community, a document of each and the custom views', async () => {
    const { page, trouble } = await walk.watchedPage()
    await submitPanelLogin(page, walk.base, WALK_ADMIN)
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.waitForLoadState('networkidle')
    const seen = await walk.walkCollections(page, { except: 'Community' })
    // A document of most of them (the demo data fills them), the service among them. With
    // panel-walk-community's share: more than 10 documents, as when the walk was one test.
    expect(documentsAmong(seen).length).toBeGreaterThan(5)
    for (const view of ['/admin/account', '/admin/transparency', '/admin/translations', '/admin/collections/organizations/create']) await walk.visit(page, `${walk.base}${view}`)
    expect(trouble).toEqual({ offsite: [], consoleErrors: [], failedResources: [] })
    await page.close()
  }, 600_000)
})
