// The admin panel in Debian's Chromium (playwright-core), shared by the e2e tests.
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { type BrowserContext, chromium, type Page, type Request } from 'playwright-core'

const CHROMIUM = '/usr/bin/chromium'
// Without the background-networking flags Chromium keeps dialling out, which this offline
// machine refuses; --no-sandbox because tests run as root.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/**
 * The admin every panel file signs in as: one set of credentials, so that `npm run
 * create-admin` runs once per run for all of them (startServerFixture's `admin`).
 */
export const PANEL_ADMIN = { email: 'panel-admin@example.test', password: 'Panel-Admin-Passw0rd!' }

export interface PanelBrowser {
  context: BrowserContext
  close: () => Promise<void>
}

/** A headless Chromium with a fresh profile (`viewport`: Playwright's default 1280×720 otherwise). */
export async function launchPanelBrowser(viewport?: { width: number; height: number }): Promise<PanelBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does.`)
  }
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'community-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...(viewport ? { viewport } : {}),
  })
  trackFetches(context)
  return {
    context,
    close: async () => {
      await context.close()
      await fs.rm(profile, { recursive: true, force: true })
    },
  }
}

// The fetches each page has in flight (the panel's server actions and API calls), for savePanelForm.
const fetchesInFlight = new WeakMap<Page, Set<Request>>()

function trackFetches(context: BrowserContext): void {
  const pageOf = (request: Request): Page | null => {
    try {
      return request.frame().page()
    } catch {
      return null // a service worker's request has no frame
    }
  }
  context.on('request', (request) => {
    const page = pageOf(request)
    if (!page || !['fetch', 'xhr'].includes(request.resourceType())) return
    const set = fetchesInFlight.get(page) ?? new Set<Request>()
    fetchesInFlight.set(page, set.add(request))
  })
  const done = (request: Request) => {
    const page = pageOf(request)
    if (page) fetchesInFlight.get(page)?.delete(request)
  }
  context.on('requestfinished', done)
  context.on('requestfailed', done)
}

/** Resolves once `page` has had no fetch in flight for `quietMs` in a row (at most `ms` in all). */
async function fetchesSettled(page: Page, quietMs = 1000, ms = 120_000): Promise<void> {
  const until = Date.now() + ms
  let quietSince = Date.now()
  while (Date.now() < until) {
    if ((fetchesInFlight.get(page)?.size ?? 0) > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= quietMs) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Clicks a document form's Save once the form is ready and the page has stopped fetching.
 * Payload's form sends its state to the server 250 ms after each change, with validation
 * skipped until the first submit, and merges the answer whenever it arrives: an answer that
 * lands after a save was refused overwrites the refusal's field error with `valid: true`,
 * and the form, unmodified after the save, keeps Save disabled. A CI run (stop 40) waited
 * 400 s for a duplicate-language message that had been shown and wiped that way. Waiting for
 * the fetches to settle orders the two as a person's pause before clicking would. The caller
 * then waits for the save's outcome (a message, a row, a new URL) as before.
 */
export async function savePanelForm(page: Page): Promise<void> {
  await page.locator('form[data-form-ready="true"]:has(#action-save)').waitFor()
  await fetchesSettled(page)
  await page.locator('#action-save').click()
}

/**
 * Signs `user` in without the login form: through the service's sign-in API
 * (`POST /api/auth/sign-in/email`, docs/api.md; the form's `/api/users/login` opens the same
 * session), sent by the context's own request client, which shares the browser's cookie
 * store: the answer's session cookies land in the browser as the server set them. Whoever was
 * signed in before is signed out first (the context's cookies cleared, as `submitPanelLogin`
 * does). No page is rendered: the caller opens the page it needs. The form costs the server
 * two renders (the login page, the dashboard) and Chromium their work, 4–8 CPU s a sign-in on
 * a loaded machine; this costs one API call. For the tests that sign in only to get
 * somewhere: where the form or the panel's door is tested, they use the form. No Origin
 * header: the request carries no session cookie, so the CSRF check does not apply to it
 * (docs/api.md "Accounts (/api/auth)"), as for tests/helpers/users.ts's `signIn`. `base` must use localhost,
 * for the reason `signInToPanel` gives.
 */
export async function signInByCookie(
  context: BrowserContext,
  base: string,
  user: { email: string; password: string },
): Promise<void> {
  const url = new URL('/api/auth/sign-in/email', base)
  if (url.hostname !== 'localhost')
    throw new Error(`${base}: the panel's Secure session cookie needs localhost (fixture.panelUrl)`)
  await context.clearCookies()
  const response = await context.request.post(url.toString(), { data: { email: user.email, password: user.password } })
  if (response.status() !== 200)
    throw new Error(`sign-in of ${user.email} failed: ${response.status()} ${await response.text()}`)
  if ((await context.cookies(base)).length === 0)
    throw new Error(`sign-in of ${user.email} left no cookie in the browser`)
}

/**
 * Signs in through the panel's login form, for the tests of the form or of where it leads
 * (elsewhere `signInByCookie`). `base` must use localhost, not 127.0.0.1: the
 * session cookie is Secure, which Chromium accepts over plain http only for localhost.
 */
export async function signInToPanel(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/admin`)
  await page.waitForURL(/\/admin\/login/)
  await fillLogin(page, email, password)
  await page.waitForURL((url) => url.pathname === '/admin')
}

/**
 * Signs whoever was signed in out (the browser's cookies cleared) and submits the login form
 * as `user`; the caller waits for where that leads (the dashboard, or a citizen's refusal).
 */
export async function submitPanelLogin(
  page: Page,
  base: string,
  user: { email: string; password: string },
): Promise<void> {
  await page.context().clearCookies()
  await page.goto(`${base}/admin/login`)
  await fillLogin(page, user.email, user.password)
}

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('button[type="submit"]').click()
}

/** What went wrong on a page: requests to another origin, console errors, answers ≥ 400. */
export interface Trouble {
  offsite: string[]
  consoleErrors: string[]
  failedResources: string[]
}

/**
 * Records `page`'s trouble from now on (the panel-walk rules): no request may leave
 * `base`'s origin (the panel once loaded Monaco from a CDN, which the CSP blocked), the console
 * stays free of errors, and no resource answers ≥ 400 (a refused sign-in or a hidden page
 * answers its document with its status on purpose). Expect it `toEqual(noTrouble())`.
 */
export function watchTrouble(page: Page, base: string): Trouble {
  const origin = new URL(base).origin
  const trouble: Trouble = noTrouble()
  page.on('request', (request) => {
    const url = request.url()
    if (/^https?:/.test(url) && new URL(url).origin !== origin) trouble.offsite.push(url)
  })
  page.on('console', (message) => {
    if (message.type() === 'error')
      trouble.consoleErrors.push(`${page.url()}: ${message.text()} ${message.location().url}`)
  })
  page.on('pageerror', (error) => trouble.consoleErrors.push(`${page.url()}: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document')
      trouble.failedResources.push(`${response.status()} ${response.url()}`)
  })
  return trouble
}

export const noTrouble = (): Trouble => ({ offsite: [], consoleErrors: [], failedResources: [] })

/** Opens `url` and waits until the panel has stopped fetching (lazy fields, editors, prefetches). */
export async function visitSettled(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForLoadState('networkidle')
}

/** The moderator's password, as `npm run seed` prints it (startServerFixture's `seedOutput`). */
export function seededModeratorPassword(seedOutput: string): string {
  const password = /moderator \S+ created, password (\S+)/.exec(seedOutput)?.[1]
  if (!password) throw new Error(`seed printed no moderator password:\n${seedOutput}`)
  return password
}
