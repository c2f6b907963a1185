// The API reference page (/api/docs, issue 12) in Debian's Chromium: Scalar, served from this
// server under the page's own CSP, renders the endpoint list from /api/openapi.json with no
// console error and no request leaving the server. The page needs no Next: the API-only app.
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
  it('renders the endpoint list with no console error, using only this server', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(60_000)
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    const origin = new URL(app.url).origin
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) problems.push(`off-site request: ${request.url()}`)
    })

    await page.goto(`${app.url}/api/docs`)
    await page.getByRole('heading', { name: 'Community Platform API' }).first().waitFor({ state: 'visible' })
    // The sidebar: every area (tag) of the reference, and the operations of the first one.
    for (const tag of ['Accounts', 'Admin: services', 'Admin: bookings', 'Bookings', 'Moderation', 'Notifications', 'Public catalogue', 'Operations']) {
      await page.getByText(tag, { exact: true }).first().waitFor({ state: 'attached' })
    }
    await page.getByText('Create an account (unverified; a verification mail follows)', { exact: true }).first().waitFor({ state: 'visible' })
    await page.screenshot({ path: SCREENSHOT, fullPage: false })
    expect(problems).toEqual([])
  }, 120_000)
})
