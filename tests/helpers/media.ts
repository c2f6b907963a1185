// Images for the media tests, made with sharp (or byte by byte where sharp would refuse to
// make them), multipart requests (well-formed through FormData, broken ones by hand), and
// looks into the media folder.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'

import sharp from 'sharp'

import { CLIENT_HEADERS, MEDIA_DIR, type Reply } from './catalogue'
import { sql, type TestApp } from './test-app'

export { dropMedia, MEDIA_DIR } from './catalogue'

export const MEDIA = '/api/admin/services/media'
export const MiB = 1024 * 1024

const solid = (width: number, height: number, background = { r: 200, g: 80, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background } })

export const png = (width = 64, height = 48) => solid(width, height).png().toBuffer()
export const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer()
export const webp = (width = 64, height = 48) => solid(width, height).webp().toBuffer()
export const avif = (width = 64, height = 48) => solid(width, height).avif().toBuffer()

/** A three-frame animated GIF. */
export async function animatedGif(width = 30, height = 20): Promise<Buffer> {
  const frames = await Promise.all(
    ['red', 'blue', 'green'].map((color) =>
      sharp({ create: { width, height, channels: 4, background: color } })
        .png()
        .toBuffer(),
    ),
  )
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer()
}

/** A JPEG whose pixels are 60×20 but whose EXIF says "rotate 90°", with camera and GPS tags. */
export const jpegWithExif = () =>
  solid(60, 20)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9', Copyright: 'someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .toBuffer()

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13)
  data.writeUInt32BE(width, 0)
  data.writeUInt32BE(height, 4)
  data.writeUInt8(8, 8) // bit depth
  data.writeUInt8(2, 9) // RGB
  return chunk('IHDR', data)
}

/** A valid 8×8 PNG of exactly `size` bytes: the extra bytes sit in a private ancillary chunk. */
export function pngOfSize(size: number): Buffer {
  const rows = Buffer.alloc(8 * (1 + 8 * 3), 0x7f)
  for (let row = 0; row < 8; row++) rows[row * 25] = 0 // filter byte
  const head = Buffer.concat([PNG_SIGNATURE, ihdr(8, 8)])
  const tail = Buffer.concat([chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
  const padding = size - head.length - tail.length - 12
  if (padding < 0) throw new Error('size too small')
  return Buffer.concat([head, chunk('prVt', randomBytes(padding)), tail])
}

/** A decompression bomb: a few hundred bytes that declare 100,000 × 100,000 pixels. */
export function bombPng(): Buffer {
  const idat = deflateSync(Buffer.alloc(64 * 1024))
  return Buffer.concat([PNG_SIGNATURE, ihdr(100_000, 100_000), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))])
}

/** An SVG carrying every way to run script or reach out that the sanitizer removes, and shapes it keeps. */
export const MALICIOUS_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="20" viewBox="0 0 10 20" onload="alert('onload')">
  <script>alert('script')</script>
  <rect id="box" width="5" height="5" fill="#c00" onclick="alert('click')"/>
  <a href="javascript:alert('href')"><circle cx="5" cy="5" r="2"/></a>
  <a xlink:href="https://evil.example/phish"><text x="1" y="15">hi</text></a>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"></iframe></div></foreignObject>
  <style>@import url(https://evil.example/x.css);</style>
  <rect width="2" height="2" style="fill:url(https://evil.example/paint)"/>
</svg>`

/** A well-formed SVG with no width, height or viewBox: nothing says how large it is. */
export const UNSIZED_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'

export interface UploadFields {
  file?: { data: Buffer; name?: string; type?: string }
  alt?: string
  customName?: string
  [field: string]: unknown
}

export function form(fields: UploadFields): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (name === 'file' && typeof value === 'object') {
      const file = value as NonNullable<UploadFields['file']>
      body.append(
        'file',
        new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
        file.name ?? 'upload.bin',
      )
    } else body.append(name, String(value))
  }
  return body
}

async function reply(response: Response): Promise<Reply & { headers: Headers }> {
  const text = await response.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    /* not JSON: kept as text */
  }
  return { status: response.status, body, headers: response.headers }
}

/** POST multipart to `path` (our endpoint by default). */
export async function upload(app: TestApp, headers: Record<string, string>, fields: UploadFields, path = MEDIA) {
  return reply(
    await app.request(path, { method: 'POST', headers: { ...CLIENT_HEADERS, ...headers }, body: form(fields) }),
  )
}

/** POST a hand-made body with a hand-made content type. */
export async function rawPost(
  app: TestApp,
  headers: Record<string, string>,
  contentType: string,
  body: Buffer | string,
  path = MEDIA,
) {
  return reply(
    await app.request(path, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, ...headers, 'content-type': contentType },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    }),
  )
}

export const mediaFiles = async (): Promise<string[]> =>
  (await fs.readdir(MEDIA_DIR)).filter((name) => name !== '.gitkeep')

export const storedFile = (name: string) => fs.readFile(path.join(MEDIA_DIR, name))

export const fileExists = (name: string) =>
  fs.access(path.join(MEDIA_DIR, name)).then(
    () => true,
    () => false,
  )

/** The service_media row as stored. */
export async function mediaRow(app: TestApp, id: string): Promise<Record<string, any> | undefined> {
  const [row] = await sql<Record<string, any>>(app, 'SELECT * FROM service_media WHERE id = $1', [id])
  return row
}

/** Removes every file this test database's media rows point at (main files and thumbnails). */
