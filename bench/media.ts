// `npm run bench:media`: upload cost. The server runs in a child process; its peak
// RSS (VmHWM, reset through /proc/<pid>/clear_refs just before) is read while ten 10 MiB
// photos of 48 megapixels (near the 50 MP limit: the most pixels a 10 MiB upload may decode)
// upload at once, then the upload rate of a 2 MB, 12 MP JPEG is measured at concurrency 1
// and 4. Uploads are deleted after.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { createInterface } from 'node:readline'

import sharp from 'sharp'

import { load, log, ms, printTable, rate } from './harness'

const MiB = 1024 * 1024

/**
 * A camera-like JPEG: `width`×`height` pixels of smoothly varying noise, at the highest
 * quality that stays within `maxBytes` (what a phone photo of that size looks like to sharp).
 */
async function photo(width: number, height: number, maxBytes: number): Promise<Buffer> {
  const seed = Buffer.alloc(400 * 300 * 3)
  for (let i = 0; i < seed.length; i++) seed[i] = (Math.random() * 256) | 0
  for (let quality = 95; quality >= 50; quality -= 2) {
    const jpeg = await sharp(seed, { raw: { width: 400, height: 300, channels: 3 } })
      .resize(width, height, { kernel: 'cubic' })
      .jpeg({ quality })
      .toBuffer()
    if (jpeg.length <= maxBytes) return jpeg
  }
  throw new Error('could not make the photo small enough')
}

const status = async (pid: number) => {
  const text = await fs.readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) =>
    Number(/\d+/.exec(text.split('\n').find((line) => line.startsWith(key)) ?? '')?.[0] ?? NaN)
  return { rss: kb('VmRSS:') / 1024, peak: kb('VmHWM:') / 1024 }
}

async function main() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/media-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // Other lines (the schema push's progress) come first; the server's answer is the JSON one.
  const first = await new Promise<string>((resolve) => {
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(line)
    })
  })
  const { url, token, pid } = JSON.parse(first) as { url: string; token: string; pid: number }
  const ids: string[] = []
  const post = async (file: Buffer, name: string) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), name)
    const response = await fetch(`${url}/api/admin/services/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    const body = (await response.json()) as { id?: string }
    if (body.id) ids.push(body.id)
    return response.status === 201
  }
  try {
    const big = await photo(8000, 6000, 10 * MiB)
    const small = await photo(4000, 3000, 2 * 1000 * 1000)
    const bigMeta = await sharp(big).metadata()
    log(`big photo: ${big.length} bytes, ${bigMeta.width}×${bigMeta.height}; small photo: ${small.length} bytes`)
    await post(small, 'warm-up.jpg')

    const idle = await status(pid)
    await fs.writeFile(`/proc/${pid}/clear_refs`, '5') // resets VmHWM to the current RSS
    const burst = await load('ten ~10 MiB uploads at once', 10, 10, (i) => post(big, `big-${i}.jpg`))
    const after = await status(pid)
    printTable(`Ten uploads of a ${(big.length / MiB).toFixed(2)} MiB, 8000×6000 JPEG at once (server process)`, [
      { measure: 'RSS before', value: `${idle.rss.toFixed(0)} MiB` },
      { measure: 'peak RSS during the burst (VmHWM)', value: `${after.peak.toFixed(0)} MiB` },
      { measure: 'RSS after', value: `${after.rss.toFixed(0)} MiB` },
      { measure: 'all ten done in', value: `${burst.seconds.toFixed(2)} s` },
      { measure: 'failures', value: String(burst.failures) },
    ])

    const rows = []
    for (const concurrency of [1, 4]) {
      const result = await load(`2 MB JPEG, concurrency ${concurrency}`, 40, concurrency, (i) =>
        post(small, `photo-${i}.jpg`),
      )
      rows.push({
        concurrency: String(concurrency),
        uploads: String(result.count),
        rate: rate(result.perSecond),
        'MB/s': ((result.perSecond * small.length) / 1e6).toFixed(1),
        p50: ms(result.p50),
        p95: ms(result.p95),
        failures: String(result.failures),
      })
    }
    printTable(`Upload of a ${(small.length / 1e6).toFixed(2)} MB JPEG, 4000×3000`, rows)
  } finally {
    for (const id of ids) {
      await fetch(`${url}/api/admin/services/media`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'delete', id }),
      })
    }
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exit(1)
})
