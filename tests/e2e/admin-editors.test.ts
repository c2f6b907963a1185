// The admin panel for editors and translators in Chromium against the real server with the seeded data:
// navigation, work queue, translations and the coverage view, with screenshots for docs/admin-panel.md.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { launchPanelBrowser, PANEL_ADMIN, type PanelBrowser, savePanelForm, signInByCookie } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'

const SCREENSHOTS = path.join(os.tmpdir(), 'community-admin-panel')
// A seeded service (en, fr, de titles) whose French and German texts the setup removes.
const SLUG = 'guitar-workshop'
const DUPLICATE_MESSAGE = 'A translation in "fr" already exists: keep one per language'

let fixture: ServerFixture | undefined
let browser: PanelBrowser | undefined
let page: Page
let base: string
let serviceId: string

const languagesOf = (id: string) =>
  fixture!.sql<{ in_language: string; title: string }>(
    'SELECT in_language, title FROM service_listings_translations WHERE _parent_id = $1 ORDER BY _order',
    [id],
  )

beforeAll(async () => {
  fixture = await startServerFixture({ admin: PANEL_ADMIN, seed: true })
  serviceId = (await fixture.sql<{ id: string }>('SELECT id FROM service_listings WHERE slug = $1', [SLUG]))[0]!.id
  await fixture.sql(`DELETE FROM service_listings_translations WHERE _parent_id = $1 AND in_language IN ('fr', 'de')`, [
    serviceId,
  ])
  base = fixture.panelUrl
  browser = await launchPanelBrowser()
  await fs.mkdir(SCREENSHOTS, { recursive: true })
  page = await browser.context.newPage()
  // Wide enough for Payload's side navigation to stay open (below its large breakpoint it is a closed drawer).
  await page.setViewportSize({ width: 1600, height: 1000 })
  // Next dev compiles each panel route on first use: minutes on a busy machine.
  page.setDefaultTimeout(400_000)
  await signInByCookie(browser.context, base, PANEL_ADMIN)
}, PANEL_READY_TIMEOUT_MS + 600_000)

afterAll(async () => {
  await browser?.close()
  await fixture?.stop()
})

/** The value of `read` once it equals `expected` (the save's round trip), or the last one after `ms`. */
async function settled<T>(read: () => Promise<T>, expected: T, ms = 120_000): Promise<T> {
  const until = Date.now() + ms
  let value = await read()
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    value = await read()
  }
  return value
}

/**
 * Adds a translation row in the service form: language picked from the list, then the title;
 * returns once the row's label shows both, so a save never races the row's own state. The
 * option is clicked, not typed and entered: keys typed before the list has opened are lost
 * (a CI run saved a row with no language and waited for a message that could not come).
 */
async function addTranslation(language: string, title: string) {
  const rows = await page.locator('[id^="field-translations__"][id$="__inLanguage"]').count()
  await page.getByRole('button', { name: 'Add Translation' }).click()
  const select = page.locator(`#field-translations__${rows}__inLanguage`)
  await select.locator('.rs__control').click()
  await select.locator('.rs__option', { hasText: new RegExp(`^${language}( —|$)`) }).click()
  await page.locator(`input[name="translations.${rows}.title"]`).fill(title)
  await page.getByText(`${language} — ${title}`, { exact: true }).waitFor({ state: 'visible' })
}

describe('the admin panel for editors and translators', () => {
  it('groups the navigation by task and shows the admin what needs them now', async () => {
    await page.goto(`${base}/admin`)
    const nav = page.locator('nav').first()
    for (const group of ['Catalogue', 'Bookings', 'Community', 'People', 'System'])
      await nav.getByText(group, { exact: true }).first().waitFor({ state: 'visible' })
    const queue = page.getByTestId('work-queue')
    const pending = Number(
      (await fixture!.sql<{ n: string }>(`SELECT count(*) AS n FROM bookings WHERE status = 'pending'`))[0]!.n,
    )
    const published = Number(
      (await fixture!.sql<{ n: string }>(`SELECT count(*) AS n FROM blog_comments WHERE status = 'published'`))[0]!.n,
    )
    await expect(queue.innerText()).resolves.toContain(`${pending} booking${pending === 1 ? '' : 's'} to confirm`)
    await expect(queue.innerText()).resolves.toContain(
      `${published} comment${published === 1 ? '' : 's'} in the moderation queue`,
    )
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard.png'), fullPage: true })

    // The services are found under their group.
    await nav.locator('.nav-group', { hasText: 'Catalogue' }).getByText('Services', { exact: true }).click()
    await page.waitForURL(/\/admin\/collections\/service-listings/)
    await page.locator('table').getByText('Guitar workshop').waitFor({ state: 'visible' })
  }, 900_000)

  it('adds a French translation through the form: the row reads "fr — …" and the API returns it', async () => {
    await page.goto(`${base}/admin/collections/service-listings/${serviceId}`)
    await page.getByText('en — Guitar workshop').waitFor({ state: 'visible' })
    await addTranslation('fr', 'Atelier guitare')
    await savePanelForm(page)
    const saved = [
      { in_language: 'en', title: 'Guitar workshop' },
      { in_language: 'fr', title: 'Atelier guitare' },
    ]
    expect(await settled(() => languagesOf(serviceId), saved)).toEqual(saved)
    await page.reload()
    await page.getByText('fr — Atelier guitare').waitFor({ state: 'visible' })
    await expect(page.getByTestId('price-decimals').innerText()).resolves.toBe('EUR takes 2 decimals, e.g. 25.50')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'service-form.png'), fullPage: true })

    // The admin API (the browser's admin session) answers with the new translation.
    const reply = await page.request.get(`${base}/api/admin/services/services?id=${serviceId}`)
    expect(reply.status()).toBe(200)
    expect((await reply.json()).service.translations).toEqual(
      expect.arrayContaining([expect.objectContaining({ inLanguage: 'fr', title: 'Atelier guitare' })]),
    )
  }, 900_000)

  it('refuses a second French translation with the API message, and stores nothing', async () => {
    await page.goto(`${base}/admin/collections/service-listings/${serviceId}`)
    await page.getByText('fr — Atelier guitare').waitFor({ state: 'visible' })
    await addTranslation('fr', 'Atelier de guitare')
    await savePanelForm(page)
    await page.getByText(DUPLICATE_MESSAGE).first().waitFor({ state: 'visible' })
    expect((await languagesOf(serviceId)).map((row) => row.in_language)).toEqual(['en', 'fr'])
  }, 900_000)

  it('the coverage view lists the service without a German title, and not once the title is added', async () => {
    const coverage = `${base}/admin/translations?lang=de&missing=title`
    await page.goto(coverage)
    const items = page.getByTestId('coverage-items')
    await items.getByRole('link', { name: 'Guitar workshop' }).waitFor({ state: 'visible' })
    await page.screenshot({ path: path.join(SCREENSHOTS, 'translation-coverage.png'), fullPage: true })

    // Its link opens the form, where the German title is added.
    await items.getByRole('link', { name: 'Guitar workshop' }).click()
    await page.waitForURL(new RegExp(`/admin/collections/service-listings/${serviceId}$`))
    await page.getByText('fr — Atelier guitare').waitFor({ state: 'visible' })
    await addTranslation('de', 'Gitarren-Workshop')
    await savePanelForm(page)
    const languages = async () => (await languagesOf(serviceId)).map((row) => row.in_language)
    expect(await settled(languages, ['en', 'fr', 'de'])).toEqual(['en', 'fr', 'de'])

    await page.goto(coverage)
    await page.getByTestId('coverage-total').waitFor({ state: 'visible' })
    expect(await items.innerText()).not.toContain('Guitar workshop')
  }, 900_000)
})
