// A failed upload leaves storage as it was, whichever step fails, and the start sweep removes only old
// unnamed files (docs/decisions.md "A failed upload's files are removed at rollback"); S3:
// media-orphans-s3.test.ts.
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Payload } from 'payload'

import { removeUnlessNamed, sweepOrphanFiles } from '../../src/lib/media/orphan-files'
import { type Actor, adminActor, count } from '../helpers/catalogue'
import { jpeg, png, upload } from '../helpers/media'
import { eventually, installFaultFunctions, UPLOAD_FAULTS, type UploadFault, withFault } from '../helpers/media-faults'
import { startServerProcess } from '../helpers/processes'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const dir = fsSync.mkdtempSync(path.join(os.tmpdir(), 'community-media-orphans-'))
const mediaDir = path.join(dir, 'media')
const previous = process.env.MEDIA_DIR

let app: TestApp
let admin: Actor

beforeAll(async () => {
  await fs.mkdir(mediaDir)
  process.env.MEDIA_DIR = mediaDir
  app = await startTestApp()
  admin = await adminActor(app)
  await installFaultFunctions(app)
}, 120_000)

afterAll(async () => {
  await app?.stop()
  if (previous === undefined) delete process.env.MEDIA_DIR
  else process.env.MEDIA_DIR = previous
  await fs.rm(dir, { recursive: true, force: true })
})

const files = async () => (await fs.readdir(mediaDir)).sort()
const uploads = () => count(app, 'service_media')
const uploadAudits = () => count(app, 'audit_logs', `action = 'services.media.upload'`)

const ours = async () =>
  upload(app, admin.headers, {
    file: { data: await jpeg(900, 600), name: 'garden.jpg', type: 'image/jpeg' },
    alt: 'A garden',
  })
const stock = async () =>
  upload(
    app,
    admin.headers,
    {
      file: { data: await png(900, 600), name: 'garden.png', type: 'image/png' },
      _payload: JSON.stringify({ alt: 'A garden' }),
    },
    '/api/service-media',
  )

describe('a failed upload leaves the folder as it was', () => {
  const cases: Array<[UploadFault, string, () => Promise<{ status: number }>]> = []
  for (const fault of Object.keys(UPLOAD_FAULTS) as UploadFault[]) {
    cases.push([fault, 'our endpoint', ours], [fault, 'the stock route', stock])
  }

  it.each(cases)('%s (%s)', async (fault, _route, send) => {
    const before = { files: await files(), rows: await uploads(), audits: await uploadAudits() }
    const reply = await withFault(app, fault, send)
    expect(reply.status).toBeGreaterThanOrEqual(500)
    expect({ rows: await uploads(), audits: await uploadAudits() }).toEqual({
      rows: before.rows,
      audits: before.audits,
    })
    // A COMMIT whose outcome was unknown is settled once the database answers: eventually.
    expect(await eventually(files, before.files)).toEqual(before.files)
  })

  it('an upload without a fault keeps its file and thumbnail', async () => {
    const reply = await ours()
    expect(reply.status).toBe(201)
    const [row] = await sql<{ filename: string; thumbnail: string }>(
      app,
      'SELECT filename, sizes_thumbnail_filename AS thumbnail FROM service_media WHERE id = $1',
      [(reply as { body: { id: string } }).body.id],
    )
    expect(await files()).toEqual(expect.arrayContaining([row!.filename, row!.thumbnail]))
  })
})

describe('a COMMIT whose outcome is unknown', () => {
  it('removes only the names no row holds: a committed upload keeps its file and thumbnail', async () => {
    const reply = (await ours()) as { status: number; body: { id: string } }
    expect(reply.status).toBe(201)
    const [row] = await sql<{ filename: string; thumbnail: string }>(
      app,
      'SELECT filename, sizes_thumbnail_filename AS thumbnail FROM service_media WHERE id = $1',
      [reply.body.id],
    )
    const stray = 'unknown-commit-0a1b2c3d.jpg'
    await fs.writeFile(path.join(mediaDir, stray), 'never committed')
    await removeUnlessNamed(app.payload, 'service-media', [row!.filename, row!.thumbnail, stray])
    const left = await files()
    expect(left).toEqual(expect.arrayContaining([row!.filename, row!.thumbnail]))
    expect(left).not.toContain(stray)
  })
})

describe('the sweep of a store two upload collections share', () => {
  it('keeps a file any of them names, removes only what none names', async () => {
    const shared = await fs.mkdtemp(path.join(dir, 'shared-'))
    const old = new Date(Date.now() - 5 * 3_600_000)
    for (const name of ['a-photo.jpg', 'a-photo-400x300.jpg', 'b-logo.png', 'nobodys.jpg']) {
      await fs.writeFile(path.join(shared, name), name)
      await fs.utimes(path.join(shared, name), old, old)
    }
    const rows: Record<string, Array<Record<string, unknown>>> = {
      a: [{ filename: 'a-photo.jpg', sizes: { thumbnail: { filename: 'a-photo-400x300.jpg' } } }],
      b: [{ filename: 'b-logo.png', sizes: {} }],
    }
    const upload = { staticDir: shared, imageSizes: [{ name: 'thumbnail' }] }
    // Two upload collections on one folder: the smallest Payload the sweep reads.
    const payload = {
      config: { collections: [{ slug: 'a', upload }, { slug: 'b', upload }, { slug: 'not-an-upload' }] },
      collections: { a: { config: { upload } }, b: { config: { upload } } },
      find: async ({ collection }: { collection: string }) => ({ docs: rows[collection] }),
    } as unknown as Payload
    const results = await sweepOrphanFiles(payload)
    expect(results).toEqual([{ collection: 'a, b', where: shared, removed: ['nobodys.jpg'] }])
    expect((await fs.readdir(shared)).sort()).toEqual(['a-photo-400x300.jpg', 'a-photo.jpg', 'b-logo.png'])
  })
})

describe('the sweep at start', () => {
  it('removes old files no row names, keeps young ones and named ones', async () => {
    const kept = await files() // the named upload of the test above
    expect(kept.length).toBeGreaterThan(0)
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
    // Left by a crash two hours ago: no row names them.
    for (const name of ['crashed-1a2b3c4d.jpg', 'crashed-1a2b3c4d-400x267.jpg']) {
      await fs.writeFile(path.join(mediaDir, name), 'orphan')
      await fs.utimes(path.join(mediaDir, name), hoursAgo(2), hoursAgo(2))
    }
    // An upload in flight in another instance: written a minute ago, its row not committed yet.
    await fs.writeFile(path.join(mediaDir, 'in-flight-5e6f7a8b.jpg'), 'young')
    await fs.utimes(path.join(mediaDir, 'in-flight-5e6f7a8b.jpg'), hoursAgo(1 / 60), hoursAgo(1 / 60))
    // Named files are kept however old.
    for (const name of kept) await fs.utimes(path.join(mediaDir, name), hoursAgo(5), hoursAgo(5))

    const server = await startServerProcess({
      DATABASE_URL: app.databaseUrl,
      MEDIA_DIR: mediaDir,
      ADMIN_PANEL: 'false',
      MEDIA_SWEEP_AT_START: 'true',
      PAYLOAD_SECRET: process.env.PAYLOAD_SECRET,
    })
    try {
      await eventually(async () => server.output().includes('media sweep done'), true, 30_000)
      expect(server.output()).toContain('removed 2 file(s) of service-media that no record names')
    } finally {
      await server.stop()
    }
    expect(await files()).toEqual([...kept, 'in-flight-5e6f7a8b.jpg'].sort())
  })
})
