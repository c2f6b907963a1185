// The panel walk (tests/helpers/panel-walk.ts), the seeded moderator's share: their collections
// and a document of each; nothing fetched from elsewhere, no error. panel-walk-crawl follows
// every link their pages offer.
import { describe, expect, it } from '@jest/globals'

import { submitPanelLogin } from '../helpers/panel'
import { usePanelWalk, WALK_MODERATOR_EMAIL } from '../helpers/panel-walk'

const walk = usePanelWalk()

describe('the panel fetches nothing from elsewhere and logs no error', () => {
  it('for the seeded moderator walking their collections and a document of each', async () => {
    const { page, trouble } = await walk.watchedPage()
    await submitPanelLogin(page, walk.base, { email: WALK_MODERATOR_EMAIL, password: walk.moderatorPassword })
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.waitForLoadState('networkidle')
    const seen = await walk.walkCollections(page)
    expect(seen).toContain('/admin/collections/blog-comments')
    await walk.visit(page, `${walk.base}/admin/account`)
    expect(trouble).toEqual({ offsite: [], consoleErrors: [], failedResources: [] })
    await page.close()
  }, 600_000)
})
