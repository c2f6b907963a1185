// Service media in the admin panel, in a real browser against the real server (issue 9): an
// admin drops a photo on the upload field, gives it an alt text and saves; the file goes
// through the same checks as the API (EXIF gone, safe name, audit entry). A text file
// disguised as a PNG is refused with the API's message and nothing is stored.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'
import type { Page } from 'playwright-core'
import sharp from 'sharp'

import { removeStoredMedia } from '../helpers/catalogue'
import { jpegWithExif, storedFile } from '../helpers/media'
import { launchPanelBrowser, signInToPanel, type PanelBrowser } from '../helpers/panel'
import { PANEL_READY_TIMEOUT_MS, runScript, startServerProcess, type ServerProcess } from '../helpers/processes'
import { createTestDatabase } from '../helpers/test-database'

const EMAIL = 'media-panel-admin@example.test'
const PASSWORD = 'Panel-Admin-Passw0rd!'

let database: { url: string; drop: () => Promise<void> }
let db: pg.Client
let server: ServerProcess | undefined
let browser: PanelBrowser | undefined
let base: string

beforeAll(async () => {
  database = await createTestDatabase()
  const env = { DATABASE_URL: database.url, PAYLOAD_SECRET: process.env.PAYLOAD_SECRET ?? 'test-secret-test-secret-test-secret' }
  const made = await runScript('scripts/create-admin.ts', ['--email', EMAIL, '--password', PASSWORD], env)
  if (made.code !== 0) throw new Error(`create-admin failed (${made.code}):\n${made.stdout}\n${made.stderr}`)
  server = await startServerProcess(env, PANEL_READY_TIMEOUT_MS)
  // localhost: Chromium accepts the Secure session cookie over plain http only there.
  base = server.url.replace('127.0.0.1', 'localhost')
  browser = await launchPanelBrowser()
  db = new pg.Client({ connectionString: database.url })
  await db.connect()
}, PANEL_READY_TIMEOUT_MS + 120_000)

afterAll(async () => {
  if (db) {
    const client = db
    await removeStoredMedia(async (text) => (await client.query(text)).rows)
    await db.end()
  }
  await browser?.close()
  await server?.stop()
  await database?.drop()
})

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
    await signInToPanel(page, base, EMAIL, PASSWORD)

    await page.goto(`${base}/admin/collections/service-media/create`)
    await dropFile(page, await jpegWithExif(), '../../Holiday Photo.jpg', 'image/jpeg')
    await page.locator('input[name="alt"]').fill('A photo from the panel')
    await page.locator('#action-save').click()
    await page.waitForURL(/\/admin\/collections\/service-media\/[0-9a-f-]{36}$/)
    const id = page.url().split('/').pop()!

    const { rows } = await db.query('SELECT filename, mime_type, width, height, sizes_thumbnail_filename FROM service_media WHERE id = $1', [id])
    const row = rows[0]
    expect(row.filename).toMatch(/^holiday-photo-[0-9a-f]{8}\.jpg$/)
    expect([Number(row.width), Number(row.height)]).toEqual([20, 60])
    expect((await sharp(await storedFile(row.filename)).metadata()).exif).toBeUndefined()
    expect(row.sizes_thumbnail_filename).toBeTruthy()
    const alt = await db.query('SELECT alt FROM service_media_locales WHERE _parent_id = $1', [id])
    expect(alt.rows).toEqual([{ alt: 'A photo from the panel' }])
    const audit = await db.query("SELECT user_id FROM audit_logs WHERE action = 'services.media.upload' AND target_id = $1", [id])
    expect(audit.rows).toHaveLength(1)
    await page.close()
  }, 900_000)

  it('a text file disguised as a PNG is refused with the API message; nothing stored', async () => {
    const page = await browser!.context.newPage()
    page.setDefaultTimeout(400_000)
    const before = Number((await db.query('SELECT count(*) AS n FROM service_media')).rows[0].n)
    await page.goto(`${base}/admin/collections/service-media/create`)
    await dropFile(page, Buffer.from('I am only text'), 'fake.png', 'image/png')
    await page.locator('#action-save').click()
    await page.getByText(/Only JPEG, PNG, WebP, AVIF, GIF or SVG/).first().waitFor({ state: 'visible' })
    expect(page.url()).toMatch(/\/create$/)
    expect(Number((await db.query('SELECT count(*) AS n FROM service_media')).rows[0].n)).toBe(before)
    await page.close()
  }, 600_000)
})
