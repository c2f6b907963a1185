// The walk of the whole panel (issue 33 items 3 and 5), shared by tests/e2e/panel-walk-*.test.ts:
// an admin, the seeded moderator and a citizen open the pages of the panel in Chromium against
// the real server with the demo data. No request may leave the server's origin (the panel
// once loaded Monaco from cdn.jsdelivr.net, which the CSP blocked), and the browser's console
// stays free of errors (CSP refusals, "Monaco initialization: error", resources answering 404).
// It was one file of four minutes; split, each file walks a share on a server of its own and
// two run side by side: the admin's walk by navigation group (`community`: the Community
// group; `admin`: every other group, so a new group is walked there), the moderator's walk,
// the moderator's crawl, and the field checks with the citizen's refusal.
import { afterAll, beforeAll } from '@jest/globals'
import type { Page } from 'playwright-core'

import { launchPanelBrowser, seededModeratorPassword, visitSettled, watchTrouble, type PanelBrowser, type Trouble } from './panel'
import { PANEL_READY_TIMEOUT_MS } from './processes'
import { startServerFixture, type ServerFixture } from './server-fixture'

export const WALK_ADMIN = { email: 'walk-admin@example.test', password: 'Walk-Admin-Passw0rd!' }
export const WALK_CITIZEN = { email: 'walk-citizen@example.test', password: 'Walk-Citizen-Passw0rd!' }
export const WALK_MODERATOR_EMAIL = 'moderator@example.com'

export type { Trouble }

export interface PanelWalk {
  fixture: ServerFixture
  base: string
  moderatorPassword: string
  /** A page that records its trouble from the first request on. */
  watchedPage: () => Promise<{ page: Page; trouble: Trouble }>
  /** Opens `url` and waits until the panel has stopped fetching (lazy fields, editors, prefetches). */
  visit: (page: Page, url: string) => Promise<void>
  /** The collection lists in the navigation (`group`: of that group only, or of every other one). */
  navigationLists: (page: Page, group?: { only: string } | { except: string }) => Promise<string[]>
  /** Every collection list in the navigation (`group`: as above) and the first document of each; the paths seen. */
  walkCollections: (page: Page, group?: { only: string } | { except: string }) => Promise<string[]>
  /** Every panel link reachable from the dashboard, each kind of page once; the paths seen. `onVisit`: called on each page once loaded. */
  crawlLinks: (page: Page, limit?: number, onVisit?: (path: string) => Promise<void>) => Promise<string[]>
}

/** A list's first document link (what the walk opens after the list). */
export const FIRST_DOCUMENT = '.table tbody tr a[href*="/admin/collections/"]'


/**
 * The walk's server (admin made, demo data, `citizen`: a verified citizen signed up through the
 * API) and Chromium, started in beforeAll and stopped in afterAll of the calling file. The
 * returned object is filled in once beforeAll has run.
 */
export function usePanelWalk(options: { citizen?: boolean } = {}): PanelWalk {
  let browser: PanelBrowser | undefined
  const walk = {} as PanelWalk

  beforeAll(async () => {
    // The walk sends hundreds of /api requests from one IP in a minute, the signed-out ones
    // (login pages, the citizen) counted by the global limit of 100 a minute: on a fast machine
    // they ran past it (429 on /api/users/me in a CI run). The limit is not what the walk checks.
    const fixture = await startServerFixture({ admin: WALK_ADMIN, seed: true, env: { RATE_LIMIT_GLOBAL_MAX: '100000' } })
    walk.fixture = fixture
    walk.base = fixture.panelUrl
    walk.moderatorPassword = seededModeratorPassword(fixture.seedOutput)
    if (options.citizen) {
      const signUp = await fetch(`${fixture.url}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(WALK_CITIZEN) })
      if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
      await fixture.sql('UPDATE users SET email_verified = true WHERE email = $1', [WALK_CITIZEN.email])
    }
    browser = await launchPanelBrowser({ width: 1400, height: 900 })
  }, PANEL_READY_TIMEOUT_MS + 300_000)

  afterAll(async () => {
    await browser?.close()
    await walk.fixture?.stop()
  })

  walk.watchedPage = async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)
    return { page, trouble: watchTrouble(page, walk.base) }
  }

  walk.visit = visitSettled

  walk.navigationLists = async (page, group) => {
    const links = await page.locator('nav a[href*="/admin/collections/"]').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        pathname: (anchor as HTMLAnchorElement).pathname,
        group: anchor.closest('.nav-group')?.querySelector('.nav-group__label')?.textContent?.trim() ?? '',
      })),
    )
    const inShare = (linkGroup: string) => !group || ('only' in group ? linkGroup === group.only : linkGroup !== group.except)
    return [...new Set(links.filter((link) => inShare(link.group)).map((link) => link.pathname))]
  }

  walk.walkCollections = async (page, group) => {
    const seen: string[] = []
    for (const list of await walk.navigationLists(page, group)) {
      await walk.visit(page, `${walk.base}${list}`)
      seen.push(list)
      const first = page.locator(FIRST_DOCUMENT).first()
      if ((await first.count()) === 0) continue
      const document = await first.evaluate((link) => (link as HTMLAnchorElement).pathname)
      await walk.visit(page, `${walk.base}${document}`)
      seen.push(document)
    }
    return seen
  }

  // Followed as a person clicking around would: a document stands for its collection's
  // documents, logout aside.
  walk.crawlLinks = async (page, limit = 150, onVisit) => {
    const kind = (pathname: string) => pathname.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$)/g, '/:id')
    const seen = new Set<string>(['/admin'])
    const queue = ['/admin']
    const visited: string[] = []
    while (queue.length > 0 && visited.length < limit) {
      const next = queue.shift()!
      await walk.visit(page, `${walk.base}${next}`)
      visited.push(next)
      await onVisit?.(next)
      const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href))
      for (const href of links) {
        const url = new URL(href)
        if (url.origin !== new URL(walk.base).origin || !url.pathname.startsWith('/admin') || /\/logout$/.test(url.pathname)) continue
        const key = kind(url.pathname)
        if (seen.has(key)) continue
        seen.add(key)
        queue.push(`${url.pathname}${url.search}`)
      }
    }
    return visited
  }

  return walk
}

/** The documents among the paths a walk saw (`/admin/collections/<slug>/<id>`). */
export const documentsAmong = (seen: string[]) => seen.filter((path) => /\/collections\/[^/]+\/[^/]+$/.test(path))
