// The API reference page (/api/docs) in Debian's Chromium: Swagger UI, served from
// this server under the page's own CSP, renders the reference from /api/openapi.json (its title,
// a section for every tag, the operations' summaries) with no console error (a CSP refusal is
// one) and no request leaving the server. The page needs no Next: the API-only app.
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { launchPanelBrowser, type PanelBrowser } from '../helpers/panel'
import { startTestApp, type TestApp } from '../helpers/test-app'

export const SCREENSHOT = path.join(os.tmpdir(), 'community-api-docs.png')

let app: TestApp
let browser: PanelBrowser | undefined

beforeAll(async () => {
  app = await startTestApp()
  browser = await launchPanelBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('/api/docs', () => {
  it('renders the reference (a section for every tag, an operation opened) with no console error, using only this server', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(60_000)
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    const origin = new URL(app.url).origin
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:'))
        problems.push(`off-site request: ${request.url()}`)
    })

    const reference = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>
    }
    const tags = new Set(
      Object.values(reference.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => operation.tags ?? []),
      ),
    )
    expect(tags.size).toBeGreaterThan(10)

    await page.goto(`${app.url}/api/docs`)
    await page.getByRole('heading', { name: 'Community Platform API' }).first().waitFor({ state: 'visible' })
    await page
      .getByText('Create an account (unverified; a verification mail follows)', { exact: true })
      .first()
      .waitFor({ state: 'visible' })
    await page.screenshot({ path: SCREENSHOT, fullPage: false })

    // Swagger UI heads each tag's section with an h3 carrying the tag, and keeps in the document
    // only the sections and operations near the viewport (a virtualized list): the page is
    // scrolled to its end, half a screen at a time, collecting the headings on the way.
    const shown = new Set<string>()
    for (let step = 0; step < 500; step++) {
      for (const tag of await page
        .locator('h3[data-tag]')
        .evaluateAll((headings) => headings.map((heading) => heading.getAttribute('data-tag')!)))
        shown.add(tag)
      const moved = await page.evaluate(async () => {
        const before = window.scrollY
        window.scrollBy(0, window.innerHeight / 2)
        await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)))
        return window.scrollY !== before
      })
      if (!moved) break
    }
    expect([...shown].sort()).toEqual([...tags].sort())

    // An operation opened: its request body and answers render under the same CSP.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByText('Create an account (unverified; a verification mail follows)', { exact: true }).first().click()
    await page.getByRole('heading', { name: 'Request body' }).first().waitFor({ state: 'visible' })
    await page.getByRole('heading', { name: 'Responses' }).first().waitFor({ state: 'visible' })
    expect(problems).toEqual([])
  }, 120_000)
})
