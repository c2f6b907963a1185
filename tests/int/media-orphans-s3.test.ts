// A failed upload leaves the S3 bucket as it was. With S3_BUCKET set, Payload's
// S3 plugin puts the file and its thumbnail in the bucket in an afterChange hook, after the
// INSERT and the audit entry and before the COMMIT; the database fails at each step
// (tests/helpers/media-faults.ts) and the bucket (a real S3-protocol server, s3rver, listed
// over S3 itself) holds exactly what it held before: the faults at COMMIT find the objects
// written and need the clean-up; the earlier ones show nothing is written before the audit. The sweep at start of a
// server process removes objects no row names and keeps the named ones.
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import S3rver from 's3rver'

import { type Actor, adminActor, count } from '../helpers/catalogue'
import { jpeg, png, upload } from '../helpers/media'
import { eventually, installFaultFunctions, UPLOAD_FAULTS, type UploadFault, withFault } from '../helpers/media-faults'
import { startServerProcess } from '../helpers/processes'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const BUCKET = 'community-media-orphans'
let s3: S3rver
let directory: string
let env: Record<string, string>
let client: S3Client
let app: TestApp
let admin: Actor

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-orphans-'))
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  })
  const address = (await s3.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${address.port}`
  env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
  client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  app = await startTestApp({ env })
  admin = await adminActor(app)
  await installFaultFunctions(app)
}, 120_000)

afterAll(async () => {
  await app?.stop()
  for (const name of Object.keys(env ?? {})) delete process.env[name]
  client?.destroy()
  await s3?.close()
  await fs.rm(directory, { recursive: true, force: true })
})

const objects = async (): Promise<string[]> => {
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))
  return (page.Contents ?? []).map((object) => object.Key!).sort()
}

const ours = async () =>
  upload(app, admin.headers, { file: { data: await jpeg(900, 600), name: 'garden.jpg', type: 'image/jpeg' } })
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

describe('a failed upload leaves the bucket as it was', () => {
  const cases: Array<[UploadFault, string, () => Promise<{ status: number }>]> = []
  for (const fault of Object.keys(UPLOAD_FAULTS) as UploadFault[])
    cases.push([fault, 'our endpoint', ours], [fault, 'the stock route', stock])

  it.each(cases)('%s (%s)', async (fault, _route, send) => {
    const before = { objects: await objects(), rows: await count(app, 'service_media') }
    const reply = await withFault(app, fault, send)
    expect(reply.status).toBeGreaterThanOrEqual(500)
    expect(await count(app, 'service_media')).toBe(before.rows)
    expect(await eventually(objects, before.objects)).toEqual(before.objects)
  })

  it('an upload without a fault keeps its objects', async () => {
    const reply = (await ours()) as { status: number; body: { id: string } }
    expect(reply.status).toBe(201)
    const [row] = await sql<{ filename: string; thumbnail: string }>(
      app,
      'SELECT filename, sizes_thumbnail_filename AS thumbnail FROM service_media WHERE id = $1',
      [reply.body.id],
    )
    expect(await objects()).toEqual(expect.arrayContaining([row!.filename, row!.thumbnail]))
  })
})

describe('the sweep at start', () => {
  it('removes objects no row names, keeps the named ones', async () => {
    // Community media share the bucket (docs/decisions.md "Community media share the service media
    // pipeline"): a file a community row names stays too.
    const community = await upload(
      app,
      admin.headers,
      {
        file: { data: await png(300, 200), name: 'gallery.png', type: 'image/png' },
        _payload: JSON.stringify({ alt: 'Shown' }),
      },
      '/api/community-media',
    )
    expect(community.status).toBe(201)
    const named = await objects()
    expect(named).toEqual(
      expect.arrayContaining([community.body.doc.filename, community.body.doc.sizes.thumbnail.filename]),
    )
    expect(named.length).toBeGreaterThan(0)
    for (const key of ['crashed-1a2b3c4d.jpg', 'crashed-1a2b3c4d-400x267.jpg'])
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'orphan' }))
    // s3rver's objects are all new: an age of 0 minutes lets the sweep consider them.
    const server = await startServerProcess({
      ...env,
      DATABASE_URL: app.databaseUrl,
      ADMIN_PANEL: 'false',
      MEDIA_SWEEP_AT_START: 'true',
      PAYLOAD_SECRET: process.env.PAYLOAD_SECRET,
      MEDIA_ORPHAN_AGE_MINUTES: '0',
    })
    try {
      await eventually(async () => server.output().includes('media sweep done'), true, 30_000)
      expect(server.output()).toContain(
        `removed 2 file(s) of service-media, community-media that no record names from s3://${BUCKET}`,
      )
    } finally {
      await server.stop()
    }
    expect(await objects()).toEqual(named)
  })
})
