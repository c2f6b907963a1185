// The panel walk (tests/helpers/panel-walk.ts), the seeded moderator's share on one server:
// their collections and a document of each, then every link their pages offer, as a moderator
// clicking around would; nothing fetched from elsewhere, no error. The crawl must reach more
// pages than the walk opens (each list of their navigation, and its first document when it
// has one), counted on the pages it reached. It follows the pages the walk opened from the
// links the walk noted (the walk checked them) and opens only the others: the same pages
// proved with half the navigations (each one is a server render and a Chromium render).
import { describe, expect, it } from '@jest/globals'

import { signInByCookie } from '../helpers/panel'
import { type Opened, usePanelWalk, WALK_MODERATOR_EMAIL } from '../helpers/panel-walk'

const walk = usePanelWalk()
// What the walk opened, with each page's links; empty when the crawl runs alone (-t).
const opened: Opened = new Map()

describe('the panel fetches nothing from elsewhere and logs no error', () => {
  it('for the seeded moderator walking their collections and a document of each', async () => {
    const { page, trouble } = await walk.watchedPage()
    await signInByCookie(page.context(), walk.base, { email: WALK_MODERATOR_EMAIL, password: walk.moderatorPassword })
    await walk.visit(page, `${walk.base}/admin`)
    opened.set('/admin', await walk.panelLinks(page))
    const seen = await walk.walkCollections(page, undefined, opened)
    expect(seen).toContain('/admin/collections/blog-comments')
    await walk.visit(page, `${walk.base}/admin/account`)
    opened.set('/admin/account', await walk.panelLinks(page))
    expect(trouble).toEqual({ offsite: [], consoleErrors: [], failedResources: [] })
    await page.close()
  }, 600_000)

  it('for the seeded moderator following every link their pages offer', async () => {
    const { page, trouble } = await walk.watchedPage()
    await signInByCookie(page.context(), walk.base, { email: WALK_MODERATOR_EMAIL, password: walk.moderatorPassword })
    await walk.visit(page, `${walk.base}/admin`)
    const lists = await walk.navigationLists(page)
    const reached = await walk.crawlLinks(page, opened)
    expect(lists).toContain('/admin/collections/blog-comments')
    // Every list of the navigation among the pages reached; what the walk opens: each list, and
    // the list's first document when it has one (a link to one of its documents).
    for (const list of lists) expect(reached.has(list)).toBe(true)
    const document = (list: string) => new RegExp(`^${list}/[0-9a-f-]{36}$`)
    const walked = lists.reduce(
      (count, list) => count + (reached.get(list)!.some((link) => document(list).test(link)) ? 2 : 1),
      0,
    )
    expect(reached.size).toBeGreaterThan(walked)
    expect(trouble).toEqual({ offsite: [], consoleErrors: [], failedResources: [] })
    await page.close()
  }, 600_000)
})
