// POST /api/admin/services/media: what is accepted, what is stored (type from the
// bytes, metadata stripped, thumbnail, safe names), and everything refused with the right
// status, answered rather than reset, and with nothing left in the database or media/.
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import sharp from 'sharp'

import { type Actor, adminActor, anonymous, audits, citizenActor, count } from '../helpers/catalogue'
import {
  animatedGif,
  avif,
  bombPng,
  dropMedia,
  fileExists,
  jpeg,
  jpegWithExif,
  MEDIA,
  MEDIA_DIR,
  mediaFiles,
  mediaRow,
  MiB,
  png,
  pngOfSize,
  rawPost,
  storedFile,
  upload,
  webp,
} from '../helpers/media'
import { startTestApp, type TestApp } from '../helpers/test-app'

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

const fileNameOf = (url: string) => decodeURIComponent(url.split('/').pop()!)

/** A refusal leaves no row, no audit entry and no new file behind. */
async function expectNothingStored(
  attempt: () => Promise<{ status: number; body: any }>,
  status: number,
  error: string,
) {
  const before = {
    rows: await count(app, 'service_media'),
    audits: await count(app, 'audit_logs'),
    files: (await mediaFiles()).length,
  }
  const reply = await attempt()
  expect({ status: reply.status, error: reply.body?.error }).toEqual({ status, error })
  expect(typeof reply.body.message).toBe('string')
  expect({
    rows: await count(app, 'service_media'),
    audits: await count(app, 'audit_logs'),
    files: (await mediaFiles()).length,
  }).toEqual(before)
}

describe('who may upload', () => {
  it('403 forbidden for anonymous callers and citizens, on every method, nothing stored', async () => {
    const citizen = await citizenActor(app)
    for (const who of [anonymous(app), citizen]) {
      await expectNothingStored(
        () => upload(app, who.headers, { file: { data: Buffer.alloc(0), name: 'x.png' } }),
        403,
        'forbidden',
      )
      expect(await who.get(MEDIA)).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      expect(await who.send(MEDIA, { action: 'delete', id: 'x' }, 'DELETE')).toMatchObject({
        status: 403,
        body: { error: 'forbidden' },
      })
    }
  })

  it('a citizen sending a real image is refused before it is decoded', async () => {
    const citizen = await citizenActor(app)
    await expectNothingStored(
      async () => upload(app, citizen.headers, { file: { data: await png(), name: 'a.png', type: 'image/png' } }),
      403,
      'forbidden',
    )
  })

  it('a large body sent by a non-admin is answered 403, not reset', async () => {
    const reply = await upload(app, {}, { file: { data: pngOfSize(10 * MiB), name: 'big.png' } })
    expect(reply.status).toBe(403)
  })
})

describe('accepted images', () => {
  it('201 {ok, id, url} for a PNG: file and thumbnail stored, fields recorded, audit written', async () => {
    const reply = await upload(app, admin.headers, {
      file: { data: await png(1000, 500), name: 'Garden View.png', type: 'image/png' },
      alt: 'A garden',
    })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({
      ok: true,
      id: expect.any(String),
      url: expect.stringMatching(/^\/api\/service-media\/file\/garden-view-[0-9a-f]{8}\.png$/),
    })
    const { id, url } = reply.body

    const row = (await mediaRow(app, id))!
    expect(row).toMatchObject({
      mime_type: 'image/png',
      encoding_format: 'image/png',
      type: 'image',
      filename: fileNameOf(url),
    })
    expect([Number(row.width), Number(row.height)]).toEqual([1000, 500])
    expect(await fileExists(row.filename)).toBe(true)
    expect(row.sizes_thumbnail_filename).toBeTruthy()
    const thumbnail = await sharp(await storedFile(row.sizes_thumbnail_filename)).metadata()
    expect([thumbnail.width, thumbnail.height, thumbnail.format]).toEqual([400, 200, 'png'])

    const [entry] = await audits(app, 'services.media.upload', id)
    expect(entry).toMatchObject({
      user_id: admin.user.id,
      target_type: 'service-media',
      ip: '203.0.113.42',
      user_agent: 'catalogue-tests/1.0',
    })
    expect(entry!.data).toMatchObject({ filename: row.filename, mimeType: 'image/png' })

    const one = await admin.get(MEDIA, { id })
    expect(one.status).toBe(200)
    expect(one.body.media).toMatchObject({
      id,
      url,
      contentUrl: expect.stringMatching(new RegExp(`^https?://[^/]+${url.replace(/[.]/g, '\\.')}$`)),
      type: 'image',
      encodingFormat: 'image/png',
      width: '1000',
      height: '500',
      alt: { en: 'A garden' },
      caption: {},
      thumbnailUrl: `/api/service-media/file/${row.sizes_thumbnail_filename}`,
    })
  })

  it.each([
    ['JPEG', jpeg, 'image/jpeg', 'jpeg', 'jpg'],
    ['WebP', webp, 'image/webp', 'webp', 'webp'],
    ['AVIF', avif, 'image/avif', 'heif', 'avif'],
    ['GIF (animated)', () => animatedGif(), 'image/gif', 'gif', 'gif'],
  ])('201 for %s, stored in its own format', async (_label, make, mime, format, ext) => {
    const reply = await upload(app, admin.headers, {
      file: { data: await make(), name: 'picture', type: 'application/octet-stream' },
    })
    expect(reply.status).toBe(201)
    expect(reply.body.url.endsWith(`.${ext}`)).toBe(true)
    const row = (await mediaRow(app, reply.body.id))!
    expect(row.mime_type).toBe(mime)
    const stored = await sharp(await storedFile(row.filename), { animated: true }).metadata()
    expect(stored.format).toBe(format)
    if (mime === 'image/gif') expect([stored.pages, Number(row.width), Number(row.height)]).toEqual([3, 30, 20])
  })

  it('the type comes from the bytes: a PNG named photo.txt sent as text/plain is stored as .png', async () => {
    const reply = await upload(app, admin.headers, {
      file: { data: await png(), name: 'photo.txt', type: 'text/plain' },
    })
    expect(reply.status).toBe(201)
    expect(reply.body.url).toMatch(/\/photo-[0-9a-f]{8}\.png$/)
    expect((await mediaRow(app, reply.body.id))!.mime_type).toBe('image/png')
  })

  it('EXIF and GPS are stripped from the stored image and its thumbnail, after applying the orientation', async () => {
    const original = await jpegWithExif()
    const before = await sharp(original).metadata()
    expect(before.exif?.includes(Buffer.from('Secret Model 9'))).toBe(true)
    expect(before.orientation).toBe(6)

    const reply = await upload(app, admin.headers, { file: { data: original, name: 'camera.jpg', type: 'image/jpeg' } })
    expect(reply.status).toBe(201)
    const row = (await mediaRow(app, reply.body.id))!
    for (const name of [row.filename, row.sizes_thumbnail_filename]) {
      const bytes = await storedFile(name)
      const meta = await sharp(bytes).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.orientation).toBeUndefined()
      expect(bytes.includes(Buffer.from('Secret Model 9'))).toBe(false)
      expect(bytes.includes(Buffer.from('TestCam'))).toBe(false)
    }
    // 60×20 rotated a quarter turn.
    expect([Number(row.width), Number(row.height)]).toEqual([20, 60])
    expect((await sharp(await storedFile(row.filename)).metadata()).width).toBe(20)
  })
})

describe('size', () => {
  it('exactly 10 MiB of file is accepted', async () => {
    const file = pngOfSize(10 * MiB)
    expect(file.length).toBe(10_485_760)
    const reply = await upload(app, admin.headers, { file: { data: file, name: 'exact.png', type: 'image/png' } })
    expect(reply.status).toBe(201)
    // The padding was an ancillary chunk: the stored, re-encoded image is small.
    expect(Number((await mediaRow(app, reply.body.id))!.filesize)).toBeLessThan(10_000)
  })

  it('one byte more is 413 payload_too_large, answered, nothing stored', async () => {
    await expectNothingStored(
      () =>
        upload(app, admin.headers, { file: { data: pngOfSize(10 * MiB + 1), name: 'over.png', type: 'image/png' } }),
      413,
      'payload_too_large',
    )
  })

  it('a far larger body is answered 413 too, and the server carries on', async () => {
    await expectNothingStored(
      () => upload(app, admin.headers, { file: { data: pngOfSize(25 * MiB), name: 'huge.png', type: 'image/png' } }),
      413,
      'payload_too_large',
    )
    expect((await app.request('/api/health')).status).toBe(200)
  })

  it('a decompression bomb (100,000 × 100,000 pixels in a small file) is 413, and the server carries on', async () => {
    const bomb = bombPng()
    expect(bomb.length).toBeLessThan(2000)
    await expectNothingStored(
      () => upload(app, admin.headers, { file: { data: bomb, name: 'bomb.png', type: 'image/png' } }),
      413,
      'payload_too_large',
    )
    expect((await app.request('/api/health')).status).toBe(200)
  })
})

describe('refused types', () => {
  it.each([
    ['a text file named x.png sent as image/png', Buffer.from('hello, I am not a picture\n'), 'x.png', 'image/png'],
    [
      'an HTML page',
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      'page.png',
      'image/png',
    ],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'doc.jpg', 'image/jpeg'],
    ['a TIFF image', null, 'photo.png', 'image/png'],
    [
      'a PNG header followed by garbage',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      'broken.png',
      'image/png',
    ],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('415 unsupported_media_type for %s', async (_label, bytes, name, type) => {
    const data =
      bytes ??
      (await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
        .tiff()
        .toBuffer())
    await expectNothingStored(
      () => upload(app, admin.headers, { file: { data, name, type } }),
      415,
      'unsupported_media_type',
    )
  })

  it('a truncated JPEG is 415', async () => {
    const whole = await jpeg(400, 300)
    await expectNothingStored(
      () =>
        upload(app, admin.headers, {
          file: { data: whole.subarray(0, Math.floor(whole.length / 2)), name: 'cut.jpg', type: 'image/jpeg' },
        }),
      415,
      'unsupported_media_type',
    )
  })
})

describe('file names', () => {
  it('customName is never a path: ../../etc/passwd stays inside media/ under a safe, unique name', async () => {
    const names: string[] = []
    for (const customName of [
      '../../etc/passwd',
      '../../etc/passwd',
      '..\\..\\windows\\win.ini',
      '/absolute/../x.png',
      '....//....//y',
    ]) {
      const reply = await upload(app, admin.headers, {
        file: { data: await png(), name: 'ok.png', type: 'image/png' },
        customName,
      })
      expect(reply.status).toBe(201)
      const name = (await mediaRow(app, reply.body.id))!.filename as string
      expect(name).toMatch(/^[a-z0-9-]+\.png$/)
      expect(path.dirname(path.resolve(MEDIA_DIR, name))).toBe(MEDIA_DIR)
      expect(await fileExists(name)).toBe(true)
      names.push(name)
    }
    expect(names[0]).toMatch(/^passwd-[0-9a-f]{8}\.png$/)
    expect(new Set(names).size).toBe(names.length)
  })

  it('customName names the file (accents folded, extension from the bytes)', async () => {
    const reply = await upload(app, admin.headers, {
      file: { data: await jpeg(), name: 'IMG_0001.JPG', type: 'image/jpeg' },
      customName: 'Été à Paris.png',
    })
    expect(reply.status).toBe(201)
    expect(reply.body.url).toMatch(/\/ete-a-paris-[0-9a-f]{8}\.jpg$/)
  })
})

describe('broken requests are 400, never a 5xx or a reset', () => {
  const boundary = '----media-test-boundary'
  const part = (name: string, value: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ''}\r\n\r\n${value}\r\n`

  it('multipart without a boundary', async () => {
    await expectNothingStored(
      () => rawPost(app, admin.headers, 'multipart/form-data', part('alt', 'x')),
      400,
      'invalid_body',
    )
  })

  it('a body cut short in the middle of the file', async () => {
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n` +
      'x'.repeat(5000)
    await expectNothingStored(
      () => rawPost(app, admin.headers, `multipart/form-data; boundary=${boundary}`, body),
      400,
      'invalid_body',
    )
  })

  it('garbage under a multipart content type', async () => {
    await expectNothingStored(
      () => rawPost(app, admin.headers, `multipart/form-data; boundary=${boundary}`, Buffer.alloc(70_000, 0x41)),
      400,
      'invalid_body',
    )
  })

  it('no file field', async () => {
    await expectNothingStored(() => upload(app, admin.headers, { alt: 'lonely' }), 400, 'invalid_request')
  })

  it('an unknown field, or two files', async () => {
    await expectNothingStored(
      async () => upload(app, admin.headers, { file: { data: await png(), name: 'a.png' }, caption: 'not here' }),
      400,
      'invalid_request',
    )
    const twoFiles = part('file', 'aaa', 'a.png') + part('file', 'bbb', 'b.png') + `--${boundary}--\r\n`
    await expectNothingStored(
      () => rawPost(app, admin.headers, `multipart/form-data; boundary=${boundary}`, twoFiles),
      400,
      'invalid_request',
    )
  })

  it('a POST that is neither multipart nor JSON', async () => {
    await expectNothingStored(() => rawPost(app, admin.headers, 'text/plain', 'hello'), 400, 'invalid_body')
  })
})
