// Community media through the stock route /api/community-media (docs/decisions.md "Community media share
// the service media pipeline"), the database and the media folder checked after each change.
import fs from 'node:fs/promises'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import sharp from 'sharp'

import { decodeQueue } from '../../src/lib/media/decode-queue'
import { roleActor } from '../helpers/blog'
import {
  type Actor,
  adminActor,
  anonymous,
  audits,
  call,
  COMMUNITY_MEDIA_DIR,
  count,
  MISSING_ID,
} from '../helpers/catalogue'
import { makeItem } from '../helpers/community'
import {
  bombPng,
  dropMedia,
  jpegWithExif,
  MALICIOUS_SVG,
  MiB,
  png,
  pngOfSize,
  UNSIZED_SVG,
  upload,
  type UploadFields,
} from '../helpers/media'
import { eventually, installFaultFunctions } from '../helpers/media-faults'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const ROUTE = '/api/community-media'

let app: TestApp
let citizen: Actor
let other: Actor
let moderator: Actor
let admin: Actor

beforeAll(async () => {
  // No upload may wait for the decode queue: the media_busy test fills it, the others never do.
  app = await startTestApp({ env: { MEDIA_DECODE_QUEUE: '0' } })
  citizen = await roleActor(app, 'citizen')
  other = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
  admin = await adminActor(app)
})

afterAll(async () => {
  await dropMedia(app)
  await app.stop()
  delete process.env.MEDIA_DECODE_QUEUE
})

const stock = (
  who: { headers: Record<string, string> },
  file: UploadFields['file'],
  data: Record<string, unknown> = {},
) => upload(app, who.headers, { file, _payload: JSON.stringify(data) }, ROUTE)

const communityFiles = async (): Promise<string[]> =>
  (await fs.readdir(COMMUNITY_MEDIA_DIR).catch(() => [] as string[])).sort()
const onDisk = (name: string) =>
  fs.access(path.join(COMMUNITY_MEDIA_DIR, name)).then(
    () => true,
    () => false,
  )

async function row(id: string): Promise<Record<string, any> | undefined> {
  const [found] = await sql<Record<string, any>>(app, 'SELECT * FROM community_media WHERE id = $1', [id])
  return found
}

/** A PNG uploaded by `who` through the stock route: its id and row. */
async function uploaded(who: Actor, alt = 'A picture'): Promise<{ id: string; row: Record<string, any> }> {
  const reply = await stock(who, { data: await png(600, 400), name: 'holiday.png', type: 'image/png' }, { alt })
  if (reply.status !== 201) throw new Error(`upload: ${reply.status} ${JSON.stringify(reply.body)}`)
  const id = String(reply.body.doc.id)
  return { id, row: (await row(id))! }
}

/** A refusal leaves no row, no audit entry and no new file behind. */
async function expectNothingStored<R extends { status: number; body: any }>(
  attempt: () => Promise<R>,
  status: number,
  error: string,
): Promise<R> {
  const before = {
    rows: await count(app, 'community_media'),
    audits: await count(app, 'audit_logs'),
    files: await communityFiles(),
  }
  const reply = await attempt()
  expect({ status: reply.status, error: reply.body?.error }).toEqual({ status, error })
  expect(typeof reply.body.message).toBe('string')
  expect({
    rows: await count(app, 'community_media'),
    audits: await count(app, 'audit_logs'),
    files: await communityFiles(),
  }).toEqual(before)
  return reply
}

describe('upload (POST /api/community-media, multipart)', () => {
  it('201 for a citizen: the row is theirs whatever the body says, file and thumbnail in media/community, audited', async () => {
    const reply = await stock(
      citizen,
      { data: await jpegWithExif(), name: '../../Été à Lyon.jpg', type: 'image/jpeg' },
      { alt: 'Rooftops', uploader: other.user.id, encodingFormat: 'text/html', prefix: 'elsewhere' },
    )
    expect(reply.status).toBe(201)
    const id = String(reply.body.doc.id)
    const stored = (await row(id))!
    expect(stored).toMatchObject({
      uploader_id: citizen.user.id,
      alt: 'Rooftops',
      mime_type: 'image/jpeg',
      encoding_format: 'image/jpeg',
      prefix: '',
    })
    expect(stored.filename).toMatch(/^ete-a-lyon-[0-9a-f]{8}\.jpg$/)
    // Re-encoded: EXIF gone, orientation applied (60×20 turned a quarter).
    expect([Number(stored.width), Number(stored.height)]).toEqual([20, 60])
    const bytes = await fs.readFile(path.join(COMMUNITY_MEDIA_DIR, stored.filename))
    expect((await sharp(bytes).metadata()).exif).toBeUndefined()
    expect(bytes.includes(Buffer.from('Secret Model 9'))).toBe(false)
    expect(stored.sizes_thumbnail_filename).toBeTruthy()
    expect(await onDisk(stored.sizes_thumbnail_filename)).toBe(true)
    expect(reply.body.doc).toMatchObject({
      url: expect.stringMatching(new RegExp(`^https?://[^/]+${ROUTE}/file/${stored.filename}$`)),
      encodingFormat: 'image/jpeg',
    })

    const [entry, ...more] = await audits(app, 'community.media.upload', id)
    expect(more).toHaveLength(0)
    expect(entry).toMatchObject({ user_id: citizen.user.id, target_type: 'community-media' })
    // The uploader sees their own file.
    expect((await app.request(`${ROUTE}/file/${stored.filename}`, { headers: citizen.headers })).status).toBe(200)
  })

  it('401 unauthorized for an anonymous upload (the community family), nothing stored', async () => {
    const reply = await expectNothingStored(
      () => stock({ headers: {} }, { data: Buffer.alloc(100), name: 'x.png', type: 'image/png' }),
      401,
      'unauthorized',
    )
    expect(reply.body.errors).toEqual([expect.objectContaining({ message: expect.any(String) })])
    // A real image too: refused before it is decoded.
    await expectNothingStored(
      async () => stock({ headers: {} }, { data: await png(), name: 'a.png', type: 'image/png' }),
      401,
      'unauthorized',
    )
  })

  it('exactly 10 MiB of file is accepted; one byte more is 413 payload_too_large, answered while streaming, nothing stored', async () => {
    const exact = await stock(citizen, { data: pngOfSize(10 * MiB), name: 'exact.png', type: 'image/png' })
    expect(exact.status).toBe(201)
    await expectNothingStored(
      () => stock(citizen, { data: pngOfSize(10 * MiB + 1), name: 'over.png', type: 'image/png' }),
      413,
      'payload_too_large',
    )
    // A decompression bomb: a small file declaring 10^10 pixels.
    await expectNothingStored(
      () => stock(citizen, { data: bombPng(), name: 'bomb.png', type: 'image/png' }),
      413,
      'payload_too_large',
    )
    expect((await app.request('/api/health')).status).toBe(200)
  })

  it.each([
    ['a text file renamed photo.jpg', Buffer.from('hello, I am not a picture\n'), 'photo.jpg', 'image/jpeg'],
    [
      'an HTML page sent as a PNG',
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      'page.png',
      'image/png',
    ],
    ['a JPEG cut short', null, 'cut.jpg', 'image/jpeg'],
    // Payload cannot measure it: its FileUploadError was answered 503 storage_unavailable.
    ['an SVG that gives no size', Buffer.from(UNSIZED_SVG), 'dot.svg', 'image/svg+xml'],
  ])('415 unsupported_media_type for %s, nothing stored', async (_label, bytes, name, type) => {
    const data =
      bytes ??
      (
        await sharp({ create: { width: 400, height: 300, channels: 3, background: 'red' } })
          .jpeg()
          .toBuffer()
      ).subarray(0, 300)
    await expectNothingStored(() => stock(citizen, { data, name, type }), 415, 'unsupported_media_type')
  })

  it('a script-bearing SVG is stored sanitized: no script, handlers, javascript: or outside URLs; still a drawing', async () => {
    const reply = await stock(citizen, { data: Buffer.from(MALICIOUS_SVG), name: 'badge.svg', type: 'image/svg+xml' })
    expect(reply.status).toBe(201)
    const stored = (await row(String(reply.body.doc.id)))!
    expect(stored).toMatchObject({ mime_type: 'image/svg+xml', encoding_format: 'image/svg+xml' })
    const text = await fs.readFile(path.join(COMMUNITY_MEDIA_DIR, stored.filename), 'utf8')
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
    ])
      expect(text).not.toContain(bad)
    expect(text).toContain('<rect')
    expect((await sharp(Buffer.from(text)).metadata()).format).toBe('svg')
  })

  it('400 invalid_request for a JSON create naming a URL or a file instead of sending one (no fetch, no copy)', async () => {
    const { row: theirs } = await uploaded(other)
    for (const body of [
      { url: 'https://example.com/cat.png', filename: 'cat.png' },
      { url: `${ROUTE}/file/${theirs.filename}`, filename: theirs.filename },
    ]) {
      await expectNothingStored(
        () => call(app, 'POST', ROUTE, { headers: citizen.headers, body }),
        400,
        'invalid_request',
      )
    }
  })

  it('503 media_busy with Retry-After when the decode queue is full, nothing stored', async () => {
    const queue = decodeQueue()
    let release!: () => void
    const running = queue.run(queue.budget, () => new Promise<void>((resolve) => (release = resolve)))
    try {
      const reply = await expectNothingStored(
        async () => stock(citizen, { data: await png(), name: 'busy.png', type: 'image/png' }),
        503,
        'media_busy',
      )
      expect(reply.headers.get('retry-after')).toBe('5')
    } finally {
      release()
      await running
    }
  })
})

describe('a failed upload', () => {
  it('leaves media/community as it was when the transaction rolls back after the file was written', async () => {
    await installFaultFunctions(app)
    const before = { files: await communityFiles(), rows: await count(app, 'community_media') }
    // The audit entry's INSERT fails: the row is in and the files written, then all rolls back.
    await sql(
      app,
      `CREATE TRIGGER community_upload_fault BEFORE INSERT ON audit_logs FOR EACH ROW WHEN (NEW.action = 'community.media.upload') EXECUTE FUNCTION upload_fault_raise()`,
    )
    try {
      const reply = await stock(citizen, { data: await png(300, 200), name: 'doomed.png', type: 'image/png' })
      expect(reply.status).toBe(500)
    } finally {
      await sql(app, 'DROP TRIGGER IF EXISTS community_upload_fault ON audit_logs')
    }
    expect(await count(app, 'community_media')).toBe(before.rows)
    expect(await eventually(communityFiles, before.files)).toEqual(before.files)
  })
})

describe('who reads, changes and deletes (stock routes)', () => {
  it('reads follow the galleries: the public sees an image once a published gallery shows it, not before, not after moderation', async () => {
    const { id, row: stored } = await uploaded(citizen)
    const file = `${ROUTE}/file/${stored.filename}`
    const status = async (who: Actor) => [
      (await who.get(`${ROUTE}/${id}`)).status,
      (await app.request(file, { headers: who.headers })).status,
    ]

    // Not shown anywhere yet: its uploader, moderators and admins only.
    expect(await status(anonymous(app))).toEqual([404, 403])
    expect(await status(other)).toEqual([404, 403])
    expect(await status(citizen)).toEqual([200, 200])
    expect(await status(moderator)).toEqual([200, 200])
    expect(await status(admin)).toEqual([200, 200])

    const gallery = await citizen.send('/api/galleries', { title: 'Lyon', images: [id] })
    expect(gallery.status).toBe(201)
    expect(await status(anonymous(app))).toEqual([200, 200])
    expect(await status(other)).toEqual([200, 200])
    const listed = await anonymous(app).get(ROUTE, { limit: '100' })
    expect(listed.body.docs.map((doc: { id: string }) => doc.id)).toContain(id)
    // Who shows it is for staff.
    expect(listed.body.docs.find((doc: { id: string }) => doc.id === id).shownIn).toBeUndefined()
    // The gallery's own read shows it populated.
    const read = await anonymous(app).get(`/api/galleries/${gallery.body.doc.id}`, { depth: '1' })
    expect(read.body.images).toEqual([
      expect.objectContaining({ id, url: expect.stringMatching(new RegExp(`${file}$`)) }),
    ])

    await sql(app, `UPDATE galleries SET status = 'moderated' WHERE id = $1`, [gallery.body.doc.id])
    expect(await status(anonymous(app))).toEqual([404, 403])
    expect(await status(citizen)).toEqual([200, 200])
  })

  it('the uploader and staff change alt text; another citizen cannot; nobody rewrites the uploader or the format', async () => {
    const { id } = await uploaded(citizen)
    await citizen.send('/api/galleries', { title: 'Shown', images: [id] })
    expect([403, 404]).toContain((await other.send(`${ROUTE}/${id}`, { alt: 'defaced' }, 'PATCH')).status)
    expect((await row(id))!.alt).toBe('A picture')

    const own = await citizen.send(
      `${ROUTE}/${id}`,
      { alt: 'Old town', uploader: other.user.id, encodingFormat: 'text/html' },
      'PATCH',
    )
    expect(own.status).toBe(200)
    expect(await row(id)).toMatchObject({ alt: 'Old town', uploader_id: citizen.user.id, encoding_format: 'image/png' })
    expect(await audits(app, 'community.media.update', id)).toHaveLength(1)

    for (const [who, alt] of [
      [moderator, 'By a moderator'],
      [admin, 'By an admin'],
    ] as const) {
      expect((await who.send(`${ROUTE}/${id}`, { alt }, 'PATCH')).status).toBe(200)
      expect((await row(id))!.alt).toBe(alt)
    }
    expect((await anonymous(app).send(`${ROUTE}/${id}`, { alt: 'x' }, 'PATCH')).status).toBe(403)
  })

  it('DELETE by the uploader removes the row, both files and the gallery link, audited; another citizen cannot', async () => {
    const { id, row: stored } = await uploaded(citizen)
    const gallery = await citizen.send('/api/galleries', { title: 'Soon one less', images: [id] })
    expect((await call(app, 'DELETE', `${ROUTE}/${id}`)).status).toBe(403)
    expect([403, 404]).toContain((await call(app, 'DELETE', `${ROUTE}/${id}`, { headers: other.headers })).status)
    expect(await onDisk(stored.filename)).toBe(true)

    const reply = await call(app, 'DELETE', `${ROUTE}/${id}`, { headers: citizen.headers })
    expect(reply.status).toBe(200)
    expect(await row(id)).toBeUndefined()
    expect(await onDisk(stored.filename)).toBe(false)
    expect(await onDisk(stored.sizes_thumbnail_filename)).toBe(false)
    expect(await count(app, 'galleries_rels', 'community_media_id = $1', [id])).toBe(0)
    expect((await anonymous(app).get(`/api/galleries/${gallery.body.doc.id}`)).body.images).toEqual([])
    expect(await audits(app, 'community.media.delete', id)).toHaveLength(1)
    expect((await app.request(`${ROUTE}/file/${stored.filename}`, { headers: admin.headers })).status).toBe(404)
  })

  it('moderators and admins delete anyone’s image (taking it down everywhere)', async () => {
    for (const who of [moderator, admin]) {
      const { id, row: stored } = await uploaded(citizen)
      expect((await call(app, 'DELETE', `${ROUTE}/${id}`, { headers: who.headers })).status).toBe(200)
      expect(await row(id)).toBeUndefined()
      expect(await onDisk(stored.filename)).toBe(false)
    }
  })
})

describe('the admin panel', () => {
  it('lists community media in the Community group, for admins and for moderators (who take images down)', () => {
    const { admin: panel } = app.payload.collections['community-media']!.config
    expect(panel.group).toMatchObject({ en: 'Community', fr: 'Communauté' })
    const hidden = panel.hidden
    const hiddenFor = (roles: string[]) =>
      typeof hidden === 'function' ? hidden({ user: { roles } as never }) : Boolean(hidden)
    expect([hiddenFor(['admin']), hiddenFor(['moderator'])]).toEqual([false, false])
  })
})

describe("a gallery's images", () => {
  it('attached to the author’s own gallery on create and on update, in order', async () => {
    const first = await uploaded(citizen)
    const second = await uploaded(citizen)
    const created = await citizen.send('/api/galleries', { title: 'Mine', images: [second.id, first.id] })
    expect(created.status).toBe(201)
    const galleryId = created.body.doc.id
    const linked = async () =>
      (
        await sql<{ id: string }>(
          app,
          `SELECT community_media_id AS id FROM galleries_rels WHERE parent_id = $1 AND path = 'images' ORDER BY "order"`,
          [galleryId],
        )
      ).map((r) => r.id)
    expect(await linked()).toEqual([second.id, first.id])

    const third = await uploaded(citizen)
    const updated = await citizen.send(
      `/api/galleries/${galleryId}`,
      { images: [first.id, second.id, third.id] },
      'PATCH',
    )
    expect(updated.status).toBe(200)
    expect(await linked()).toEqual([first.id, second.id, third.id])
    expect(await audits(app, 'gallery.update', galleryId)).toHaveLength(1)
  })

  it('400 on images for another user’s upload, on create and on update; nothing written', async () => {
    const theirs = await uploaded(other)
    const mine = await uploaded(citizen)
    const before = await count(app, 'galleries')
    const reply = await citizen.send('/api/galleries', { title: 'Borrowed', images: [mine.id, theirs.id] })
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain(`Image ${theirs.id} was not uploaded by the gallery's author`)
    expect(reply.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'images' })])
    expect(await count(app, 'galleries')).toBe(before)

    const own = await citizen.send('/api/galleries', { title: 'Own', images: [mine.id] })
    const patched = await citizen.send(`/api/galleries/${own.body.doc.id}`, { images: [mine.id, theirs.id] }, 'PATCH')
    expect(patched.status).toBe(400)
    expect(JSON.stringify(patched.body)).toContain('not uploaded by the gallery')
    expect(await count(app, 'galleries_rels', 'parent_id = $1', [own.body.doc.id])).toBe(1)
  })

  it('an admin editing a member’s gallery may only add that member’s uploads', async () => {
    const gallery = await makeItem(app, 'galleries', citizen.user.id)
    const adminsOwn = await uploaded(admin)
    const members = await uploaded(citizen)
    expect((await admin.send(`/api/galleries/${gallery}`, { images: [adminsOwn.id] }, 'PATCH')).status).toBe(400)
    expect((await admin.send(`/api/galleries/${gallery}`, { images: [members.id] }, 'PATCH')).status).toBe(200)
  })

  it.each([
    ['an id no media has', () => [MISSING_ID], `No community media with id ${MISSING_ID}`],
    ['an id that is no UUID', () => ['not-an-id'], 'Not a community media id'],
    ['the same image twice', (id: string) => [id, id], 'listed twice'],
    ['more than 50 images', (id: string) => Array.from({ length: 51 }, () => id), 'At most 50 images'],
    ['a value that is not a list', () => 'abc', ''],
  ])('400 (never 500) for %s, nothing written', async (_label, images, message) => {
    const mine = await uploaded(citizen)
    const before = await count(app, 'galleries')
    const reply = await citizen.send('/api/galleries', { title: 'Bad', images: images(mine.id) })
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain(message)
    expect(await count(app, 'galleries')).toBe(before)
  })
})
