// Service media in the admin panel, in a real browser against the real server: an
// admin drops a photo on the upload field, gives it an alt text and saves; the file goes
// through the same checks as the API (EXIF gone, safe name, audit entry). A text file
// disguised as a PNG is refused with the API's message and nothing is stored.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import sharp from 'sharp'

import { removeStoredMedia } from '../helpers/catalogue'
import { jpegWithExif, storedFile } from '../helpers/media'
import { launchPanelBrowser, PANEL_ADMIN, type PanelBrowser, savePanelForm, signInByCookie } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'

let fixture: ServerFixture | undefined
let browser: PanelBrowser | undefined
let base: string

beforeAll(async () => {
  fixture = await startServerFixture({ admin: PANEL_ADMIN })
  base = fixture.panelUrl
  browser = await launchPanelBrowser()
}, PANEL_READY_TIMEOUT_MS + 120_000)

afterAll(async () => {
  if (fixture) await removeStoredMedia(fixture.sql)
  await browser?.close()
  await fixture?.stop()
})

const mediaCount = async () =>
  Number((await fixture!.sql<{ n: string }>('SELECT count(*) AS n FROM service_media'))[0]!.n)

/** Drops a file on the upload field's drop zone, as a user dragging it from the desktop does. */
async function dropFile(page: Page, file: Buffer, name: string, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], name, { type }))
      return transfer
    },
    { base64: file.toString('base64'), name, type },
  )
  const zone = page.locator('.dropzone').first()
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
}

describe('service media in the admin panel', () => {
  it('an admin drops a photo, sets its alt text and saves: stored cleaned, renamed and audited', async () => {
    const page = await browser!.context.newPage()
    // Next dev compiles each panel route on first use: minutes on a busy machine.
    page.setDefaultTimeout(400_000)
    await signInByCookie(browser!.context, base, PANEL_ADMIN)

    await page.goto(`${base}/admin/collections/service-media/create`)
    await dropFile(page, await jpegWithExif(), '../../Holiday Photo.jpg', 'image/jpeg')
    await page.locator('input[name="alt"]').fill('A photo from the panel')
    await savePanelForm(page)
    await page.waitForURL(/\/admin\/collections\/service-media\/[0-9a-f-]{36}$/)
    const id = page.url().split('/').pop()!

    const [row] = await fixture!.sql<{
      filename: string
      width: number
      height: number
      sizes_thumbnail_filename: string | null
    }>('SELECT filename, mime_type, width, height, sizes_thumbnail_filename FROM service_media WHERE id = $1', [id])
    expect(row!.filename).toMatch(/^holiday-photo-[0-9a-f]{8}\.jpg$/)
    expect([Number(row!.width), Number(row!.height)]).toEqual([20, 60])
    expect((await sharp(await storedFile(row!.filename)).metadata()).exif).toBeUndefined()
    expect(row!.sizes_thumbnail_filename).toBeTruthy()
    expect(await fixture!.sql('SELECT alt FROM service_media_locales WHERE _parent_id = $1', [id])).toEqual([
      { alt: 'A photo from the panel' },
    ])
    expect(
      await fixture!.sql("SELECT user_id FROM audit_logs WHERE action = 'services.media.upload' AND target_id = $1", [
        id,
      ]),
    ).toHaveLength(1)
    await page.close()
  }, 900_000)

  it('a text file disguised as a PNG is refused with the API message; nothing stored', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(400_000)
    const before = await mediaCount()
    await page.goto(`${base}/admin/collections/service-media/create`)
    await dropFile(page, Buffer.from('I am only text'), 'fake.png', 'image/png')
    await savePanelForm(page)
    await page
      .getByText(/Only JPEG, PNG, WebP, AVIF, GIF or SVG/)
      .first()
      .waitFor({ state: 'visible' })
    expect(page.url()).toMatch(/\/create$/)
    expect(await mediaCount()).toBe(before)
    await page.close()
  }, 600_000)
})
