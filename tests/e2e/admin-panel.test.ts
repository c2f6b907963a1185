// The admin panel in a real browser against the real server (src/server.ts serving the panel's
// production build, as `npm start` does): an admin made by `npm run create-admin` signs in
// through the login form and sees the users list. Debian's chromium drives it;
// .ci/run installs it. On a fresh clone the first server start builds the panel, hence the timeouts.
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { launchPanelBrowser, type PanelBrowser, signInToPanel } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'

const EMAIL = 'panel-admin@example.test'
const PASSWORD = 'Panel-Admin-Passw0rd!'
const SCREENSHOT = path.join(os.tmpdir(), 'community-admin-users.png')

let fixture: ServerFixture | undefined
let browser: PanelBrowser | undefined

beforeAll(async () => {
  fixture = await startServerFixture({ admin: { email: EMAIL, password: PASSWORD } })
  browser = await launchPanelBrowser()
}, PANEL_READY_TIMEOUT_MS + 120_000)

afterAll(async () => {
  await browser?.close()
  await fixture?.stop()
})

describe('admin panel', () => {
  it('an admin signs in through the login form and sees the users list', async () => {
    const base = fixture!.panelUrl
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(180_000)

    await signInToPanel(page, base, EMAIL, PASSWORD)

    await page.goto(`${base}/admin/collections/users`)
    await page.locator('table').getByText(EMAIL).waitFor({ state: 'visible' })
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
    expect(await page.locator('table').innerText()).toContain(EMAIL)
  }, 420_000)
})
