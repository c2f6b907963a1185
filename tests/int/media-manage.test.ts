// /api/admin/services/media beyond the upload itself: SVG sanitizing and the
// headers media files are served with, the list, update and delete actions with their audit,
// the same rules on Payload's stock route, and public reads as docs/api.md "Roles and permissions" says.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import sharp from 'sharp'

import {
  type Actor,
  adminActor,
  anonymous,
  audits,
  CATEGORIES,
  citizenActor,
  count,
  makeCategory,
  makeService,
  MISSING_ID,
  SERVICES,
} from '../helpers/catalogue'
import {
  bombPng,
  dropMedia,
  fileExists,
  jpegWithExif,
  MALICIOUS_SVG,
  MEDIA,
  mediaRow,
  MiB,
  png,
  pngOfSize,
  storedFile,
  UNSIZED_SVG,
  upload,
} from '../helpers/media'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
})

afterAll(async () => {
  await dropMedia(app)
  await app.stop()
})

async function uploaded(
  fields: Parameters<typeof upload>[2] = {},
): Promise<{ id: string; url: string; row: Record<string, any> }> {
  const reply = await upload(app, admin.headers, {
    file: { data: await png(800, 600), name: 'pic.png', type: 'image/png' },
    ...fields,
  })
  if (reply.status !== 201) throw new Error(`upload: ${reply.status} ${JSON.stringify(reply.body)}`)
  return { ...reply.body, row: (await mediaRow(app, reply.body.id))! }
}

describe('SVG', () => {
  it('is sanitized: scripts, event handlers, javascript: and external URLs, foreignObject removed; shapes kept', async () => {
    const reply = await upload(app, admin.headers, {
      file: { data: Buffer.from(MALICIOUS_SVG), name: 'logo.svg', type: 'image/svg+xml' },
    })
    expect(reply.status).toBe(201)
    expect(reply.body.url).toMatch(/\/logo-[0-9a-f]{8}\.svg$/)
    const row = (await mediaRow(app, reply.body.id))!
    expect(row).toMatchObject({ mime_type: 'image/svg+xml', encoding_format: 'image/svg+xml' })
    expect([Number(row.width), Number(row.height)]).toEqual([10, 20])
    const stored = (await storedFile(row.filename)).toString('utf8')
    for (const bad of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'javascript:',
      'foreignObject',
      'iframe',
      'evil.example',
      '@import',
    ]) {
      expect(stored).not.toContain(bad)
    }
    expect(stored).toContain('<rect')
    expect(stored).toContain('<circle')
    expect(stored).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    // Still a drawable SVG.
    expect((await sharp(Buffer.from(stored)).metadata()).format).toBe('svg')
    // An SVG scales: it is its own thumbnail.
    expect((await admin.get(MEDIA, { id: reply.body.id })).body.media.thumbnailUrl).toBe(reply.body.url)
  })

  it('a clean SVG is stored as sent (same drawing)', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="8" fill="#09f"/></svg>'
    const reply = await upload(app, admin.headers, {
      file: { data: Buffer.from(svg), name: 'dot.svg', type: 'image/svg+xml' },
    })
    expect(reply.status).toBe(201)
    expect((await storedFile((await mediaRow(app, reply.body.id))!.filename)).toString()).toContain(
      '<circle cx="16" cy="16" r="8" fill="#09f"',
    )
  })

  it.each([
    [
      'an SVG declaring entities (XML bomb)',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>',
    ],
    ['XML that is not SVG', '<?xml version="1.0"?><note><to>x</to></note>'],
    [
      'an HTML page with an inline svg',
      '<html><body><svg width="1" height="1"></svg><script>alert(1)</script></body></html>',
    ],
    // Payload cannot measure it: its "There was a problem while uploading the file" was the answer.
    ['an SVG that gives no size', UNSIZED_SVG],
    [
      'an SVG sized in percent',
      '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="50%"><rect width="1" height="1"/></svg>',
    ],
  ])('415 for %s', async (_label, text) => {
    const before = await count(app, 'service_media')
    const reply = await upload(app, admin.headers, {
      file: { data: Buffer.from(text), name: 'x.svg', type: 'image/svg+xml' },
    })
    expect({ status: reply.status, error: reply.body.error }).toEqual({ status: 415, error: 'unsupported_media_type' })
    expect(await count(app, 'service_media')).toBe(before)
  })

  it('the 415 of an SVG without a size says what it needs', async () => {
    const reply = await upload(app, admin.headers, {
      file: { data: Buffer.from(UNSIZED_SVG), name: 'dot.svg', type: 'image/svg+xml' },
    })
    expect(reply.body.message).toBe('The SVG gives no size: its <svg> needs width and height, or a viewBox')
  })

  it('an SVG sized by its viewBox alone is stored with that size', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 24"><rect width="4" height="4"/></svg>'
    const reply = await upload(app, admin.headers, {
      file: { data: Buffer.from(svg), name: 'wide.svg', type: 'image/svg+xml' },
    })
    expect(reply.status).toBe(201)
    const row = (await mediaRow(app, reply.body.id))!
    expect([Number(row.width), Number(row.height)]).toEqual([48, 24])
  })
})

describe('serving files', () => {
  it('every media file is served with nosniff and a CSP under which an SVG cannot run script', async () => {
    const svg = await upload(app, admin.headers, { file: { data: Buffer.from(MALICIOUS_SVG), name: 'a.svg' } })
    const raster = await uploaded()
    for (const url of [svg.body.url, raster.url, `/api/service-media/file/${raster.row.sizes_thumbnail_filename}`]) {
      const response = await app.request(url, { headers: admin.headers })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'none'")
      expect(csp).not.toMatch(/script-src(?![^;]*'none')/)
      await response.arrayBuffer()
    }
    const response = await app.request(svg.body.url, { headers: admin.headers })
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await response.text()).not.toContain('script')
  })
})

describe('GET list', () => {
  it('paginated, newest first, filtered by type; bad queries 400', async () => {
    const made = [await uploaded(), await uploaded(), await uploaded()]
    const total = await count(app, 'service_media')
    const page = await admin.get(MEDIA, { perPage: '2' })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ total, page: 1, perPage: 2, totalPages: Math.ceil(total / 2) })
    expect(page.body.media.map((item: any) => item.id)).toEqual([made[2]!.id, made[1]!.id])
    expect(page.body.media[0]).toMatchObject({
      url: made[2]!.url,
      type: 'image',
      encodingFormat: 'image/png',
      width: '800',
      height: '600',
    })

    expect((await admin.get(MEDIA, { type: 'image', perPage: '100' })).body.total).toBe(total)
    expect((await admin.get(MEDIA, { type: 'video' })).body).toMatchObject({ media: [], total: 0 })
    for (const query of [{ type: 'picture' }, { page: '0' }, { perPage: 'abc' }] as Record<string, string>[]) {
      expect(await admin.get(MEDIA, query)).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    }
    expect(await admin.get(MEDIA, { id: MISSING_ID })).toMatchObject({ status: 404, body: { error: 'not_found' } })
  })
})

describe('update', () => {
  const locales = async (id: string) =>
    Object.fromEntries(
      (
        await sql<{ _locale: string; alt: string | null; caption: string | null }>(
          app,
          'SELECT _locale, alt, caption FROM service_media_locales WHERE _parent_id = $1 ORDER BY _locale',
          [id],
        )
      ).map((row) => [row._locale, { alt: row.alt, caption: row.caption }]),
    )

  it('localized caption and alt change the languages they name; other text fields; one audit entry', async () => {
    const { id } = await uploaded({ alt: 'A garden' })
    const first = await admin.send(
      MEDIA,
      {
        action: 'update',
        id,
        caption: { en: 'Spring', fr: 'Printemps' },
        alt: { fr: 'Un jardin' },
        license: 'CC-BY-4.0',
        copyrightHolder: 'Ann',
      },
      'PATCH',
    )
    expect(first.status).toBe(200)
    expect(first.body.media).toMatchObject({
      id,
      caption: { en: 'Spring', fr: 'Printemps' },
      alt: { en: 'A garden', fr: 'Un jardin' },
      license: 'CC-BY-4.0',
      copyrightHolder: 'Ann',
    })
    expect(await locales(id)).toMatchObject({
      en: { alt: 'A garden', caption: 'Spring' },
      fr: { alt: 'Un jardin', caption: 'Printemps' },
    })
    const [entry, ...more] = await audits(app, 'services.media.update', id)
    expect(more).toHaveLength(0)
    expect(entry).toMatchObject({ user_id: admin.user.id, target_type: 'service-media' })

    const second = await admin.send(MEDIA, { action: 'update', id, caption: { fr: null }, license: null })
    expect(second.status).toBe(200)
    expect(second.body.media).toMatchObject({
      caption: { en: 'Spring' },
      alt: { en: 'A garden', fr: 'Un jardin' },
      license: null,
    })
    expect((await locales(id)).fr).toEqual({ alt: 'Un jardin', caption: null })
    expect(await audits(app, 'services.media.update', id)).toHaveLength(2)
  })

  it('refusals: envelope codes, unknown language or field, nothing to change, unknown id; nothing written', async () => {
    const { id } = await uploaded()
    const before = await count(app, 'audit_logs')
    expect(await admin.send(MEDIA, { id })).toMatchObject({ status: 400, body: { error: 'missing_action' } })
    expect(await admin.send(MEDIA, { action: 'upload', id })).toMatchObject({
      status: 400,
      body: { error: 'unknown_action' },
    })
    expect(await admin.send(MEDIA, { action: 'update', caption: { en: 'x' } })).toMatchObject({
      status: 400,
      body: { error: 'missing_id' },
    })
    expect(await admin.send(MEDIA, { action: 'update', id, caption: { xx: 'x' } })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
    expect(await admin.send(MEDIA, { action: 'update', id, width: '10' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
    expect(await admin.send(MEDIA, { action: 'update', id })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
    expect(await admin.send(MEDIA, { action: 'update', id: MISSING_ID, alt: { en: 'x' } })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    const broken = await app.request(MEDIA, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...admin.headers },
      body: '{',
    })
    expect(broken.status).toBe(400)
    expect((await broken.json()).error).toBe('invalid_body')
    expect(await count(app, 'audit_logs')).toBe(before)
  })
})

describe('delete', () => {
  it('removes the file and its thumbnail, the links from services, a featured image; audit in the same transaction', async () => {
    const doomed = await uploaded()
    const kept = await uploaded()
    const service = await makeService(admin, {
      status: 'active',
      media: [
        { mediaId: doomed.id, type: 'cover' },
        { mediaId: kept.id, type: 'gallery', position: 1 },
      ],
    })
    const category = await makeCategory(admin, { featuredImageId: doomed.id })
    expect(await fileExists(doomed.row.filename)).toBe(true)
    expect(await fileExists(doomed.row.sizes_thumbnail_filename)).toBe(true)

    const reply = await admin.send(MEDIA, { action: 'delete', id: doomed.id }, 'DELETE')
    expect(reply).toMatchObject({ status: 200, body: { success: true } })
    expect(await mediaRow(app, doomed.id)).toBeUndefined()
    expect(await fileExists(doomed.row.filename)).toBe(false)
    expect(await fileExists(doomed.row.sizes_thumbnail_filename)).toBe(false)
    expect(await fileExists(kept.row.filename)).toBe(true)

    const links = await sql<{ file_id: string }>(
      app,
      'SELECT file_id FROM service_listings_media WHERE _parent_id = $1',
      [service.id],
    )
    expect(links).toEqual([{ file_id: kept.id }])
    expect((await admin.get(SERVICES, { id: service.id })).body.service.media).toEqual([
      expect.objectContaining({ mediaId: kept.id }),
    ])
    expect((await admin.get(CATEGORIES, { id: category.id })).body.category.featuredImageId).toBeNull()

    const [entry, ...more] = await audits(app, 'services.media.delete', doomed.id)
    expect(more).toHaveLength(0)
    expect(entry).toMatchObject({ user_id: admin.user.id, target_type: 'service-media' })

    expect(await admin.send(MEDIA, { action: 'delete', id: doomed.id })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    expect((await app.request(doomed.url, { headers: admin.headers })).status).toBe(404)
  })
})

describe("Payload's stock route and the admin panel obey the same rules", () => {
  const STOCK = '/api/service-media'
  const stock = (
    headers: Record<string, string>,
    file: { data: Buffer; name: string; type?: string },
    data: Record<string, unknown> = {},
  ) => upload(app, headers, { file, _payload: JSON.stringify(data) }, STOCK)

  it('an admin upload is checked, cleaned and audited like ours', async () => {
    const reply = await stock(
      admin.headers,
      { data: await jpegWithExif(), name: '../../etc/camera.jpg', type: 'image/jpeg' },
      { alt: 'From the panel' },
    )
    expect(reply.status).toBe(201)
    const id = reply.body.doc.id
    const row = (await mediaRow(app, id))!
    expect(row.filename).toMatch(/^camera-[0-9a-f]{8}\.jpg$/)
    expect((await sharp(await storedFile(row.filename)).metadata()).exif).toBeUndefined()
    expect([Number(row.width), Number(row.height)]).toEqual([20, 60])
    expect(row.encoding_format).toBe('image/jpeg')
    expect(await audits(app, 'services.media.upload', id)).toHaveLength(1)
  })

  it('refuses what ours refuses: text as PNG 415, over 10 MiB 413 (answered), a bomb 413, a citizen 403', async () => {
    const before = await count(app, 'service_media')
    expect(
      (await stock(admin.headers, { data: Buffer.from('not an image'), name: 'x.png', type: 'image/png' })).status,
    ).toBe(415)
    expect(
      (await stock(admin.headers, { data: pngOfSize(10 * MiB + 1), name: 'big.png', type: 'image/png' })).status,
    ).toBe(413)
    expect((await stock(admin.headers, { data: bombPng(), name: 'bomb.png', type: 'image/png' })).status).toBe(413)
    const citizen = await citizenActor(app)
    expect((await stock(citizen.headers, { data: await png(), name: 'a.png', type: 'image/png' })).status).toBe(403)
    expect(await count(app, 'service_media')).toBe(before)
  })

  it('exactly 10 MiB passes the stock route too', async () => {
    const reply = await stock(admin.headers, { data: pngOfSize(10 * MiB), name: 'exact.png', type: 'image/png' })
    expect(reply.status).toBe(201)
  })

  it('a delete removes the files and is audited', async () => {
    const { id, row } = await uploaded()
    const response = await app.request(`${STOCK}/${id}`, { method: 'DELETE', headers: admin.headers })
    expect(response.status).toBe(200)
    expect(await fileExists(row.filename)).toBe(false)
    expect(await fileExists(row.sizes_thumbnail_filename)).toBe(false)
    expect(await audits(app, 'services.media.delete', id)).toHaveLength(1)
  })
})

describe('public reads', () => {
  it('anyone reads media used by an active service or an active category, nothing else', async () => {
    const unused = await uploaded()
    const onDraft = await uploaded()
    const onActive = await uploaded()
    const onCategory = await uploaded()
    await makeService(admin, { status: 'draft', media: [{ mediaId: onDraft.id }] })
    await makeService(admin, { status: 'active', media: [{ mediaId: onActive.id, type: 'cover' }] })
    await makeCategory(admin, { featuredImageId: onCategory.id, isActive: true })
    const anyone = anonymous(app)

    for (const media of [unused, onDraft]) {
      expect((await anyone.get(`/api/service-media/${media.id}`)).status).toBe(404)
      expect([403, 404]).toContain((await app.request(media.url)).status)
    }
    for (const media of [onActive, onCategory]) {
      const doc = await anyone.get(`/api/service-media/${media.id}`)
      expect(doc.status).toBe(200)
      expect(doc.body.usedBy).toBeUndefined()
      const file = await app.request(media.url)
      expect(file.status).toBe(200)
      expect(file.headers.get('x-content-type-options')).toBe('nosniff')
      await file.arrayBuffer()
    }
    const list = await anyone.get('/api/service-media', { limit: '100' })
    const ids = list.body.docs.map((doc: any) => doc.id)
    expect(ids).toEqual(expect.arrayContaining([onActive.id, onCategory.id]))
    expect(ids).not.toContain(unused.id)
    expect(ids).not.toContain(onDraft.id)
    // Admins see everything.
    expect((await admin.get(`/api/service-media/${unused.id}`)).status).toBe(200)
  })
})
