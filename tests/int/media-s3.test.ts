// Media in an S3 bucket: with S3_BUCKET set, uploads, reads and deletes go through
// @payloadcms/storage-s3 to a real S3-protocol server (s3rver, started here), and behave as
// with the local folder. Objects are checked in the bucket over the S3 protocol itself.
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import S3rver from 's3rver'
import sharp from 'sharp'

import { roleActor } from '../helpers/blog'
import { type Actor, adminActor, anonymous, audits, call, COMMUNITY_MEDIA_DIR, makeService } from '../helpers/catalogue'
import { jpegWithExif, MEDIA, mediaFiles, mediaRow, png, upload } from '../helpers/media'
import { startTestApp, type TestApp } from '../helpers/test-app'

const BUCKET = 'community-media-test'
let s3: S3rver
let endpoint: string
let directory: string
let app: TestApp
let admin: Actor

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  })
  const address = (await s3.run()) as AddressInfo
  endpoint = `http://127.0.0.1:${address.port}`
  app = await startTestApp({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  })
  admin = await adminActor(app)
})

afterAll(async () => {
  await app?.stop()
  for (const name of [
    'S3_BUCKET',
    'S3_ENDPOINT',
    'S3_FORCE_PATH_STYLE',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ])
    delete process.env[name]
  await s3?.close()
  await fs.rm(directory, { recursive: true, force: true })
})

/** The object as the bucket holds it (S3 GET, path style), or null. */
async function object(key: string): Promise<Buffer | null> {
  const response = await fetch(`${endpoint}/${BUCKET}/${encodeURIComponent(key)}`)
  if (response.status === 404) return null
  if (response.status !== 200) throw new Error(`S3 GET ${key}: ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

describe('S3 storage', () => {
  it('an upload lands in the bucket (file and thumbnail), cleaned, and nothing in media/', async () => {
    const localBefore = await mediaFiles()
    const reply = await upload(app, admin.headers, {
      file: { data: await jpegWithExif(), name: 'camera.jpg', type: 'image/jpeg' },
    })
    expect(reply.status).toBe(201)
    const row = (await mediaRow(app, reply.body.id))!
    const stored = await object(row.filename)
    expect(stored).not.toBeNull()
    expect((await sharp(stored!).metadata()).exif).toBeUndefined()
    expect(await object(row.sizes_thumbnail_filename)).not.toBeNull()
    expect(await mediaFiles()).toEqual(localBefore)
    expect(await audits(app, 'services.media.upload', reply.body.id)).toHaveLength(1)
  })

  it('files are served from the bucket through the API, under the same headers and read rules', async () => {
    const reply = await upload(app, admin.headers, {
      file: { data: await png(500, 300), name: 'shop.png', type: 'image/png' },
    })
    const row = (await mediaRow(app, reply.body.id))!
    const served = await app.request(reply.body.url, { headers: admin.headers })
    expect(served.status).toBe(200)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(Buffer.from(await served.arrayBuffer()).equals((await object(row.filename))!)).toBe(true)

    // The public reads it once an active service shows it.
    expect([403, 404]).toContain((await app.request(reply.body.url)).status)
    await makeService(admin, { status: 'active', media: [{ mediaId: reply.body.id }] })
    const publicRead = await anonymous(app).get(`/api/service-media/${reply.body.id}`)
    expect(publicRead.status).toBe(200)
    expect((await app.request(reply.body.url)).status).toBe(200)
  })

  it('a delete removes the file and its thumbnail from the bucket', async () => {
    const reply = await upload(app, admin.headers, {
      file: { data: await png(900, 900), name: 'gone.png', type: 'image/png' },
    })
    const row = (await mediaRow(app, reply.body.id))!
    expect(await object(row.filename)).not.toBeNull()
    expect(await admin.send(MEDIA, { action: 'delete', id: reply.body.id }, 'DELETE')).toMatchObject({
      status: 200,
      body: { success: true },
    })
    expect(await object(row.filename)).toBeNull()
    expect(await object(row.sizes_thumbnail_filename)).toBeNull()
    expect(await audits(app, 'services.media.delete', reply.body.id)).toHaveLength(1)
  })
})

// Community media (docs/decisions.md "Community media share the service media pipeline") goes to
// the same bucket, uploaded by a citizen on the stock route.
describe('S3 storage of community media', () => {
  it('a citizen’s upload lands in the bucket, is served to its uploader, and its delete removes it', async () => {
    const citizen = await roleActor(app, 'citizen')
    const localBefore = await fs.readdir(COMMUNITY_MEDIA_DIR).catch(() => [])
    const reply = await upload(
      app,
      citizen.headers,
      {
        file: { data: await jpegWithExif(), name: 'street.jpg', type: 'image/jpeg' },
        _payload: JSON.stringify({ alt: 'A street' }),
      },
      '/api/community-media',
    )
    expect(reply.status).toBe(201)
    const { filename, sizes } = reply.body.doc
    const stored = await object(filename)
    expect(stored).not.toBeNull()
    expect((await sharp(stored!).metadata()).exif).toBeUndefined()
    expect(await object(sizes.thumbnail.filename)).not.toBeNull()
    expect(await fs.readdir(COMMUNITY_MEDIA_DIR).catch(() => [])).toEqual(localBefore)

    const served = await app.request(`/api/community-media/file/${filename}`, { headers: citizen.headers })
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(stored!)).toBe(true)
    expect((await app.request(`/api/community-media/file/${filename}`)).status).toBe(403)

    expect(
      (await call(app, 'DELETE', `/api/community-media/${reply.body.doc.id}`, { headers: citizen.headers })).status,
    ).toBe(200)
    expect(await object(filename)).toBeNull()
    expect(await object(sizes.thumbnail.filename)).toBeNull()
    expect(await audits(app, 'community.media.delete', reply.body.doc.id)).toHaveLength(1)
  })
})
