// The panel walk (tests/helpers/panel-walk.ts), the seeded moderator following every link
// their pages offer, as a moderator clicking around would; nothing fetched from elsewhere, no
// error. The crawl must reach more pages than panel-walk-moderator's walk opens (each list of
// their navigation, and its first document when it has one), counted here on the same pages.
import { describe, expect, it } from '@jest/globals'

import { submitPanelLogin } from '../helpers/panel'
import { FIRST_DOCUMENT, usePanelWalk, WALK_MODERATOR_EMAIL } from '../helpers/panel-walk'

const walk = usePanelWalk()

describe('the panel fetches nothing from elsewhere and logs no error', () => {
  it('for the seeded moderator following every link their pages offer', async () => {
    const { page, trouble } = await walk.watchedPage()
    await submitPanelLogin(page, walk.base, { email: WALK_MODERATOR_EMAIL, password: walk.moderatorPassword })
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.waitForLoadState('networkidle')
    const lists = new Set(await walk.navigationLists(page))
    // What the walk opens: each list, and the list's first document when it has one.
    let walked = 0
    const crawled = await walk.crawlLinks(page, 150, async (path) => {
      if (lists.has(new URL(path, walk.base).pathname)) walked += (await page.locator(FIRST_DOCUMENT).count()) > 0 ? 2 : 1
    })
    expect(lists.has('/admin/collections/blog-comments')).toBe(true)
    // Every list of the navigation among the pages crawled.
    expect(walked).toBeGreaterThanOrEqual(lists.size)
    expect(crawled.length).toBeGreaterThan(walked)
    expect(trouble).toEqual({ offsite: [], consoleErrors: [], failedResources: [] })
    await page.close()
  }, 600_000)
})
