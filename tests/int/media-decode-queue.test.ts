// The image decode queue (src/lib/media/decode-queue.ts): decodes share a memory
// budget, uploads that do not fit wait in line, and once MEDIA_DECODE_QUEUE of them wait a
// further upload is answered 503 `media_busy` with Retry-After at once, on our endpoint and
// on Payload's stock route, with nothing stored; the waiting ones then finish normally.
// The test occupies the process's real queue (the app runs in this process) with a decode
// of its own that it releases when it chooses, so "full" does not depend on timing. The
// memory the queue saves is measured by `npm run bench:media`, not asserted here.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { decodeCost, DecodeQueue, decodeQueue } from '../../src/lib/media/decode-queue'
import { MediaBusy } from '../../src/lib/media/errors'
import { type Actor, adminActor, audits, count } from '../helpers/catalogue'
import { dropMedia, fileExists, jpeg, mediaFiles, mediaRow, png, upload } from '../helpers/media'
import { startTestApp, type TestApp } from '../helpers/test-app'

const WAITING = 2

let app: TestApp
let admin: Actor

beforeAll(async () => {
  app = await startTestApp({ env: { MEDIA_DECODE_MEMORY_MB: '64', MEDIA_DECODE_QUEUE: String(WAITING) } })
  admin = await adminActor(app)
})

afterAll(async () => {
  await dropMedia(app)
  await app.stop()
  delete process.env.MEDIA_DECODE_MEMORY_MB
  delete process.env.MEDIA_DECODE_QUEUE
})

/** Occupies the whole budget until the returned function is called. */
async function occupy(): Promise<() => Promise<void>> {
  const queue = decodeQueue()
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const running = queue.run(queue.budget, () => held)
  while (queue.load.inUse < queue.budget) await new Promise((resolve) => setTimeout(resolve, 5))
  return async () => {
    release()
    await running
  }
}

async function waitForWaiting(n: number): Promise<void> {
  const deadline = Date.now() + 30_000
  while (decodeQueue().load.waiting < n) {
    if (Date.now() > deadline) throw new Error(`never ${n} waiting: ${JSON.stringify(decodeQueue().load)}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('the decode queue', () => {
  it('is sized from MEDIA_DECODE_MEMORY_MB and MEDIA_DECODE_QUEUE', () => {
    expect(decodeQueue().budget).toBe(64 * 1024 * 1024)
    expect(decodeQueue().maxWaiting).toBe(WAITING)
  })

  it('full: 503 media_busy with Retry-After on both routes, nothing stored; the waiting uploads then finish', async () => {
    const filesBefore = await mediaFiles()
    const release = await occupy()
    let waiting: Array<Promise<Awaited<ReturnType<typeof upload>>>> = []
    try {
      waiting = [
        upload(app, admin.headers, { file: { data: await jpeg(300, 200), name: 'first.jpg', type: 'image/jpeg' } }),
        upload(app, admin.headers, { file: { data: await png(300, 200), name: 'second.png', type: 'image/png' } }),
      ]
      await waitForWaiting(WAITING)

      const ours = await upload(app, admin.headers, {
        file: { data: await png(), name: 'third.png', type: 'image/png' },
        alt: 'Third',
      })
      expect(ours.status).toBe(503)
      expect(ours.headers.get('retry-after')).toBe('5')
      expect(ours.body).toEqual({ error: 'media_busy', message: expect.stringMatching(/try again/) })

      const stock = await upload(
        app,
        admin.headers,
        {
          file: { data: await png(), name: 'fourth.png', type: 'image/png' },
          _payload: JSON.stringify({ alt: 'Fourth' }),
        },
        '/api/service-media',
      )
      expect(stock.status).toBe(503)
      expect(stock.headers.get('retry-after')).toBe('5')
      expect(stock.body).toMatchObject({
        errors: [{ code: 'media_busy', message: expect.stringMatching(/try again/) }],
      })

      // Refused before any decode or write: no row, no audit entry, no file; the line did not grow.
      expect(await count(app, 'service_media')).toBe(0)
      expect(await audits(app, 'services.media.upload')).toHaveLength(0)
      expect(await mediaFiles()).toEqual(filesBefore)
      expect(decodeQueue().load.waiting).toBe(WAITING)
    } finally {
      await release()
    }

    const done = await Promise.all(waiting)
    expect(done.map((reply) => reply.status)).toEqual([201, 201])
    for (const reply of done) {
      const row = (await mediaRow(app, reply.body.id))!
      expect(await fileExists(row.filename)).toBe(true)
    }
    expect(decodeQueue().load).toEqual({ inUse: 0, waiting: 0 })
  })

  it('decodes that fit the budget together run together, and room given back is used at once', async () => {
    const replies = await Promise.all(
      [1, 2, 3].map(async (i) =>
        upload(app, admin.headers, {
          file: { data: await jpeg(640, 480), name: `photo-${i}.jpg`, type: 'image/jpeg' },
        }),
      ),
    )
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201])
    expect(decodeQueue().load).toEqual({ inUse: 0, waiting: 0 })
  })

  it('an upload reserves its decode once, on either route, at the cost of its pixels', async () => {
    const queue = decodeQueue()
    const original = queue.run.bind(queue)
    const costs: number[] = []
    queue.run = ((cost: number, task: () => Promise<unknown>) => (
      costs.push(cost),
      original(cost, task)
    )) as typeof queue.run
    try {
      const ours = await upload(app, admin.headers, {
        file: { data: await jpeg(640, 480), name: 'once.jpg', type: 'image/jpeg' },
      })
      const stock = await upload(
        app,
        admin.headers,
        {
          file: { data: await png(320, 240), name: 'once.png', type: 'image/png' },
          _payload: JSON.stringify({ alt: 'Once' }),
        },
        '/api/service-media',
      )
      expect([ours.status, stock.status]).toEqual([201, 201])
    } finally {
      queue.run = original
    }
    expect(costs).toEqual([decodeCost('image/jpeg', 640 * 480), decodeCost('image/png', 320 * 240)])
  })

  it('a refused or damaged image gives its room back', async () => {
    const broken = Buffer.concat([(await jpeg(400, 300)).subarray(0, 400)])
    const reply = await upload(app, admin.headers, { file: { data: broken, name: 'broken.jpg', type: 'image/jpeg' } })
    expect(reply.status).toBe(415)
    expect(decodeQueue().load).toEqual({ inUse: 0, waiting: 0 })
  })
})

describe('the queue itself (a queue of its own, in bytes of 1)', () => {
  /** A task that runs until `finish` is called; `started` tells whether it has begun. */
  function held() {
    let finish!: () => void
    const state = { started: false }
    const done = new Promise<void>((resolve) => (finish = resolve))
    return { state, finish, task: async () => ((state.started = true), await done) }
  }
  const tick = () => new Promise((resolve) => setImmediate(resolve))

  it('first come, first served: a small decode that would fit waits behind a large one that does not', async () => {
    const queue = new DecodeQueue(10, 5)
    const [large1, large2, small] = [held(), held(), held()]
    const runs = [queue.run(6, large1.task), queue.run(6, large2.task), queue.run(1, small.task)]
    await tick()
    expect([large1.state.started, large2.state.started, small.state.started]).toEqual([true, false, false])
    expect(queue.load).toEqual({ inUse: 6, waiting: 2 })
    large1.finish()
    await tick()
    // Room given back starts every waiter that now fits, in order.
    expect([large2.state.started, small.state.started]).toEqual([true, true])
    expect(queue.load).toEqual({ inUse: 7, waiting: 0 })
    large2.finish()
    small.finish()
    await Promise.all(runs)
    expect(queue.load).toEqual({ inUse: 0, waiting: 0 })
  })

  it('a decode larger than the whole budget runs alone rather than never', async () => {
    const queue = new DecodeQueue(10, 5)
    const [huge, next] = [held(), held()]
    const runs = [queue.run(50, huge.task), queue.run(1, next.task)]
    await tick()
    expect([huge.state.started, next.state.started]).toEqual([true, false])
    expect(queue.load).toEqual({ inUse: 10, waiting: 1 })
    huge.finish()
    next.finish()
    await Promise.all(runs)
    expect(queue.load).toEqual({ inUse: 0, waiting: 0 })
  })

  it('refuses with MediaBusy (503) once maxWaiting wait, and gives room back when a task fails', async () => {
    const queue = new DecodeQueue(10, 1)
    const [running, waiting] = [held(), held()]
    const runs = [queue.run(10, running.task), queue.run(1, waiting.task)]
    await tick()
    const refused = await queue.run(1, async () => undefined).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(MediaBusy)
    expect(refused).toMatchObject({ name: 'MediaBusy', status: 503 })
    running.finish()
    waiting.finish()
    await Promise.all(runs)
    await expect(queue.run(4, async () => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged')
    expect(queue.load).toEqual({ inUse: 0, waiting: 0 })
  })

  it('costs by format and pixels, rotation included, plus a fixed 4 MiB', () => {
    const MiB = 1024 * 1024
    expect(decodeCost('image/jpeg', 1_000_000)).toBe(1_000_000 + 4 * MiB)
    expect(decodeCost('image/png', 1_000_000, true)).toBe(8_000_000 + 4 * MiB)
    expect(decodeCost('image/webp', 1_000_000)).toBe(16_000_000 + 4 * MiB)
  })
})
