// The panel in the editors' languages, in Chromium against the real server with the seeded data, one browser: a
// translator in French sees an outdated German text in the coverage view, fixes it in the form (marked with the date
// its source changed) and it is current; the main views walked in German show no English text of ours; an admin
// reads a member's notification settings on the Users page, in German.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { NAVIGATION } from '../../collections/navigation'
import { COLLECTION_TEXTS } from '../../src/admin/i18n/collections'
import { TEXTS } from '../../src/admin/i18n/texts'
import { launchPanelBrowser, PANEL_ADMIN, type PanelBrowser, savePanelForm, signInByCookie } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'

const SLUG = 'guitar-workshop'

let fixture: ServerFixture | undefined
let browser: PanelBrowser | undefined
let page: Page
let base: string
let serviceId: string

const germanMarks = () =>
  fixture!.sql<{ text: string }>(
    `SELECT text FROM service_translations_outdated WHERE service_id = $1 AND lang = 'de' ORDER BY text`,
    [serviceId],
  )

async function inLanguage(language: string) {
  await browser!.context.addCookies([{ name: 'payload-lng', value: language, url: base }])
}

/** The value of `read` once it equals `expected`, or the last one after `ms`. */
async function settled<T>(read: () => Promise<T>, expected: T, ms = 120_000): Promise<T> {
  const until = Date.now() + ms
  let value = await read()
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    value = await read()
  }
  return value
}

beforeAll(async () => {
  fixture = await startServerFixture({ admin: PANEL_ADMIN, seed: true })
  serviceId = (await fixture.sql<{ id: string }>('SELECT id FROM service_listings WHERE slug = $1', [SLUG]))[0]!.id
  base = fixture.panelUrl
  browser = await launchPanelBrowser()
  page = await browser.context.newPage()
  await page.setViewportSize({ width: 1600, height: 1000 })
  // Next dev compiles each panel route on first use: minutes on a busy machine.
  page.setDefaultTimeout(400_000)
  await signInByCookie(browser.context, base, PANEL_ADMIN)
  // The English source title changes through the admin API: the German title is outdated.
  const api = `${base}/api/admin/services/services`
  const headers = { origin: base }
  const { service } = (await (await browser.context.request.get(`${api}?id=${serviceId}`)).json()) as {
    service: { inLanguage: string; translations: Array<Record<string, unknown>> }
  }
  const translations = service.translations.map((row) =>
    row.inLanguage === service.inLanguage ? { ...row, title: `${String(row.title)}, for beginners` } : row,
  )
  const updated = await browser.context.request.post(api, {
    headers,
    data: { action: 'update', id: serviceId, translations },
  })
  expect(updated.status()).toBe(200)
}, PANEL_READY_TIMEOUT_MS + 600_000)

afterAll(async () => {
  await browser?.close()
  await fixture?.stop()
})

describe('the panel in the editors’ languages', () => {
  it('a translator in French sees the outdated German title, fixes it in the form, and it is current', async () => {
    expect(await germanMarks()).toEqual([{ text: 'title' }])
    await inLanguage('fr')
    await page.goto(`${base}/admin/translations?lang=de&state=outdated`)
    const row = page.locator(`[data-testid="coverage-item"][data-id="${serviceId}"]`)
    await row.waitFor({ state: 'visible' })
    expect(await page.locator('h1').innerText()).toBe('Couverture des traductions')
    expect(await row.getByTestId('coverage-outdated').innerText()).toBe('titre')

    await row.getByRole('link').click()
    await page.waitForURL(new RegExp(`/admin/collections/service-listings/${serviceId}`))
    const mark = page.getByTestId('outdated-texts')
    await mark.waitFor({ state: 'visible' })
    expect(await mark.innerText()).toMatch(/de : titre\. Le texte en anglais a changé le \d{1,2} \S+\./)

    const german = page.locator('[id^="field-translations__"][id$="__inLanguage"]', { hasText: 'de' })
    const index = (await german.getAttribute('id'))!.match(/__(\d+)__/)![1]
    await page.locator(`input[name="translations.${index}.title"]`).fill('Gitarren-Workshop für Anfänger')
    await savePanelForm(page)
    expect(await settled(germanMarks, [])).toEqual([])

    await page.goto(`${base}/admin/translations?lang=de&state=outdated`)
    await page.getByTestId('coverage-total').waitFor({ state: 'visible' })
    expect(await page.locator(`[data-testid="coverage-item"][data-id="${serviceId}"]`).count()).toBe(0)
  }, 900_000)

  it('the main views in German show none of our English texts', async () => {
    await inLanguage('de')
    // Our English texts whose German differs, long enough not to be a word both languages share.
    const english = [
      ...Object.values(TEXTS)
        .filter(([en, , de]) => en !== de)
        .map(([en]) => en.split('{{')[0]!.trim()),
      ...Object.values(COLLECTION_TEXTS).flatMap((texts) =>
        [texts.singular, texts.plural].filter((forms) => forms[0] !== forms[2]).map((forms) => forms[0]),
      ),
      ...Object.values(NAVIGATION).map((entry) => entry.description),
      // A single lower-case word may be part of the content (English is one of its languages): phrases and names only.
    ].filter((text) => text.length >= 8 && (/\s/.test(text) || /^[A-Z]/.test(text)))
    const member = (
      await fixture!.sql<{ id: string }>(`SELECT id FROM users WHERE email <> $1 LIMIT 1`, [PANEL_ADMIN.email])
    )[0]
    const views = [
      '/admin',
      '/admin/collections/service-listings',
      `/admin/collections/service-listings/${serviceId}`,
      '/admin/collections/service-categories',
      '/admin/translations?lang=de&state=outdated',
      '/admin/transparency',
      '/admin/collections/webhooks',
      ...(member ? [`/admin/collections/users/${member.id}`] : []),
    ]
    const found: string[] = []
    for (const view of views) {
      await page.goto(`${base}${view}`)
      await page.locator('.nav__link').first().waitFor({ state: 'visible' })
      // A form's own components render after the navigation.
      await page.waitForLoadState('networkidle')
      const text = await page.locator('body').innerText()
      // Whole words: the seeded content has a category "Languages", ours says "Language".
      const shown = (phrase: string) => new RegExp(`(^|\\W)${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\W|$)`)
      for (const phrase of english) if (shown(phrase).test(text)) found.push(`${view}: ${phrase}`)
    }
    expect(found).toEqual([])
  }, 900_000)

  it('an admin reads a member’s notification settings on the Users page, the types named in words', async () => {
    const member = (
      await fixture!.sql<{ id: string }>(`SELECT id FROM users WHERE email <> $1 LIMIT 1`, [PANEL_ADMIN.email])
    )[0]!
    await page.goto(`${base}/admin/collections/users/${member.id}`)
    const settings = page.getByTestId('member-notification-settings')
    await settings.locator('table').waitFor({ state: 'visible' })
    expect(await settings.locator('tr[data-type="booking"] td').first().innerText()).toBe('Buchungen')
    expect(await settings.locator('tr[data-type="moderation"] td').first().innerText()).toBe('Moderation Ihrer Inhalte')
    expect(await settings.locator('tr[data-type="booking"] td').nth(2).innerText()).toBe('Jede einzeln')
  }, 900_000)
})
