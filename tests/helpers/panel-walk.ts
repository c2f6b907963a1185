// The walk of the whole panel shared by tests/e2e/panel-walk-*.test.ts: no request leaves the server's origin
// and the console stays free of errors (docs/decisions.md "The panel walk is two files").
import { afterAll, beforeAll } from '@jest/globals'
import type { Page } from 'playwright-core'

import {
  launchPanelBrowser,
  PANEL_ADMIN,
  type PanelBrowser,
  seededModeratorPassword,
  type Trouble,
  visitSettled,
  watchTrouble,
} from './panel'
import { PANEL_READY_TIMEOUT_MS } from './processes'
import { type ServerFixture, startServerFixture } from './server-fixture'

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
  /** The panel links on `page` (path and query, on this server, logout aside). */
  panelLinks: (page: Page) => Promise<string[]>
  /** The collection lists in the navigation (`group`: of that group only, or of every other one). */
  navigationLists: (page: Page, group?: { only: string } | { except: string }) => Promise<string[]>
  /**
   * Every collection list in the navigation (`group`: as above) and the first document of each;
   * the paths seen. `opened`: where to note each page opened with its links (for crawlLinks).
   */
  walkCollections: (page: Page, group?: { only: string } | { except: string }, opened?: Opened) => Promise<string[]>
  /**
   * Every panel link reachable from the dashboard, each kind of page once: each page reached
   * with its links. A page in `opened` (opened before in the file by the same user) is followed
   * from its links there instead of being opened again.
   */
  crawlLinks: (page: Page, opened?: Opened, limit?: number) => Promise<Opened>
}

/** Pages (path and query) with the panel links each offered. */
export type Opened = Map<string, string[]>

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
    const fixture = await startServerFixture({
      admin: PANEL_ADMIN,
      seed: true,
      env: { RATE_LIMIT_GLOBAL_MAX: '100000' },
    })
    walk.fixture = fixture
    walk.base = fixture.panelUrl
    walk.moderatorPassword = seededModeratorPassword(fixture.seedOutput)
    if (options.citizen) {
      const signUp = await fetch(`${fixture.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(WALK_CITIZEN),
      })
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

  walk.panelLinks = async (page) => {
    const origin = new URL(walk.base).origin
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href))
    return hrefs
      .map((href) => new URL(href))
      .filter((url) => url.origin === origin && url.pathname.startsWith('/admin') && !/\/logout$/.test(url.pathname))
      .map((url) => `${url.pathname}${url.search}`)
  }

  walk.navigationLists = async (page, group) => {
    const links = await page.locator('nav a[href*="/admin/collections/"]').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        pathname: (anchor as HTMLAnchorElement).pathname,
        group: anchor.closest('.nav-group')?.querySelector('.nav-group__label')?.textContent?.trim() ?? '',
      })),
    )
    const inShare = (linkGroup: string) =>
      !group || ('only' in group ? linkGroup === group.only : linkGroup !== group.except)
    return [...new Set(links.filter((link) => inShare(link.group)).map((link) => link.pathname))]
  }

  walk.walkCollections = async (page, group, opened) => {
    const seen: string[] = []
    const open = async (path: string) => {
      await walk.visit(page, `${walk.base}${path}`)
      seen.push(path)
      opened?.set(path, await walk.panelLinks(page))
    }
    for (const list of await walk.navigationLists(page, group)) {
      await open(list)
      const first = page.locator(FIRST_DOCUMENT).first()
      if ((await first.count()) === 0) continue
      await open(await first.evaluate((link) => (link as HTMLAnchorElement).pathname))
    }
    return seen
  }

  // Followed as a person clicking around would: a document stands for its collection's
  // documents, logout aside.
  walk.crawlLinks = async (page, opened = new Map(), limit = 150) => {
    const kind = (path: string) =>
      new URL(path, walk.base).pathname.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$)/g, '/:id')
    const seen = new Set<string>([kind('/admin')])
    const queue = ['/admin']
    const reached: Opened = new Map()
    while (queue.length > 0 && reached.size < limit) {
      const next = queue.shift()!
      let links = opened.get(next)
      if (!links) {
        await walk.visit(page, `${walk.base}${next}`)
        links = await walk.panelLinks(page)
      }
      reached.set(next, links)
      for (const link of links) {
        if (seen.has(kind(link))) continue
        seen.add(kind(link))
        queue.push(link)
      }
    }
    return reached
  }

  return walk
}

/** The documents among the paths a walk saw (`/admin/collections/<slug>/<id>`). */
export const documentsAmong = (seen: string[]) => seen.filter((path) => /\/collections\/[^/]+\/[^/]+$/.test(path))
