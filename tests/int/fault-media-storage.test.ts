// Fault 5: the media storage cannot be written. Tests run as root, for whom no
// permission bit makes a folder unwritable, so MEDIA_DIR names a regular file: every write
// under it fails (ENOTDIR / EEXIST), as it would on a full, read-only or vanished volume.
// An upload then answers 503 `storage_unavailable` with Retry-After (the client did nothing
// wrong and may try later), on our endpoint and on Payload's stock route alike, and leaves
// nothing behind: no media row, no audit entry, no file. Once the folder is back, uploads
// work again without a restart.
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { count } from '../helpers/catalogue'
import { png, upload } from '../helpers/media'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createAdmin } from '../helpers/users'

// MEDIA_DIR names a regular file, so every write under it fails even for root. Set before
// the app starts: the media collection reads it when Payload's config is loaded.
const dir = fsSync.mkdtempSync(path.join(os.tmpdir(), 'community-fault-media-'))
const mediaDir = path.join(dir, 'media')
const previous = process.env.MEDIA_DIR

let app: TestApp
let headers: Record<string, string>

beforeAll(async () => {
  await fs.writeFile(mediaDir, 'not a folder')
  process.env.MEDIA_DIR = mediaDir
  app = await startTestApp()
  headers = (await createAdmin(app)).headers
}, 120_000)

afterAll(async () => {
  await app?.stop()
  if (previous === undefined) delete process.env.MEDIA_DIR
  else process.env.MEDIA_DIR = previous
  await fs.rm(dir, { recursive: true, force: true })
})

const nothingStored = async () => {
  expect(await count(app, 'service_media')).toBe(0)
  expect(await count(app, 'audit_logs', `action = 'services.media.upload'`)).toBe(0)
  expect((await fs.stat(mediaDir)).isFile()).toBe(true)
  expect(await fs.readdir(dir)).toEqual(['media'])
}

describe('fault 5: media storage unwritable', () => {
  it('our endpoint answers 503 storage_unavailable and stores nothing', async () => {
    const reply = await upload(app, headers, {
      file: { data: await png(), name: 'garden.png', type: 'image/png' },
      alt: 'A garden',
    })
    expect(reply.status).toBe(503)
    expect(reply.headers.get('retry-after')).toBe('5')
    expect(reply.body).toEqual({ error: 'storage_unavailable', message: expect.stringMatching(/media storage/) })
    await nothingStored()
  })

  it("Payload's stock upload route answers 503 with the code in its own error shape, and stores nothing", async () => {
    const reply = await upload(
      app,
      headers,
      {
        file: { data: await png(), name: 'garden.png', type: 'image/png' },
        _payload: JSON.stringify({ alt: 'A garden' }),
      },
      '/api/service-media',
    )
    expect(reply.status).toBe(503)
    expect(reply.headers.get('retry-after')).toBe('5')
    expect(reply.body).toMatchObject({
      errors: [{ code: 'storage_unavailable', message: expect.stringMatching(/media storage/) }],
    })
    await nothingStored()
  })

  it('once the folder is back, an upload works again without a restart', async () => {
    await fs.rm(mediaDir)
    await fs.mkdir(mediaDir)
    const reply = await upload(app, headers, { file: { data: await png(), name: 'garden.png', type: 'image/png' } })
    expect(reply.status).toBe(201)
    const [row] = await sql<{ filename: string }>(app, 'SELECT filename FROM service_media WHERE id = $1', [
      reply.body.id,
    ])
    expect(await fs.readdir(mediaDir)).toContain(row!.filename)
  })
})
