// Image decodes share a memory budget (docs/decisions.md "Image decodes share a memory budget"): ten large
// photos decoded at once took the server to 1.7 GB; one queue per process, refusing with 503 `media_busy`
// once MEDIA_DECODE_QUEUE uploads wait.
import sharp from 'sharp'

import { settings } from '../settings'
import { mediaBusy } from './errors'

const MiB = 1024 * 1024

// libvips' operation cache keeps recent images and their pixels for a repeat of the same
// operation: uploads never repeat, so it only held memory. One libvips worker thread per
// image (sharp's default on glibc, set whatever the platform): each thread of a decode
// holds buffers of its own, so the memory a decode needs stays what the budget assumes;
// the images themselves run in parallel on libuv's pool.
sharp.cache(false)
sharp.concurrency(1)

/**
 * Bytes a decode and re-encode needs per pixel, measured with sharp 0.34 as the RSS high-water
 * mark of one re-encode (docs/decisions.md 66): JPEG streams through libvips a few lines at a
 * time (48 MP: ≈ 30 MiB, 0.7 B/px); PNG ≈ 4 B/px (zlib and line buffers, 12 MP); the WebP
 * and GIF encoders take the whole picture at once and more (12 MP: 16 and 20 B/px). AVIF is
 * not measured (too slow to encode here at that size) and counted as WebP.
 */
export const BYTES_PER_PIXEL: Record<string, number> = {
  'image/jpeg': 1,
  'image/png': 4,
  'image/webp': 16,
  'image/avif': 16,
  'image/gif': 20,
}

/** Turning a photo upright (EXIF orientation) needs the whole decoded picture at once: RGBA. */
const ROTATION_BYTES_PER_PIXEL = 4

/** What a decode of `pixels` pixels (all frames) of type `mime` reserves from the budget. */
export const decodeCost = (mime: string, pixels: number, rotated = false): number =>
  Math.ceil(pixels * ((BYTES_PER_PIXEL[mime] ?? 20) + (rotated ? ROTATION_BYTES_PER_PIXEL : 0))) + 4 * MiB

interface Waiter {
  cost: number
  start: () => void
}

export class DecodeQueue {
  private inUse = 0
  private readonly waiters: Waiter[] = []

  constructor(
    /** Bytes the decodes running together may need. */
    readonly budget: number,
    /** Decodes that may wait for room; one more is refused (503). */
    readonly maxWaiting: number,
  ) {}

  /** Room in use and decodes waiting, for tests. */
  get load(): { inUse: number; waiting: number } {
    return { inUse: this.inUse, waiting: this.waiters.length }
  }

  /** Runs `task` once `cost` bytes of the budget are free; throws MediaBusy when the line is full. */
  async run<T>(cost: number, task: () => Promise<T>): Promise<T> {
    // A decode bigger than the whole budget runs alone rather than never.
    const reserved = Math.min(Math.max(cost, 1), this.budget)
    if (this.waiters.length === 0 && this.inUse + reserved <= this.budget) {
      this.inUse += reserved
    } else {
      if (this.waiters.length >= this.maxWaiting) throw mediaBusy()
      await new Promise<void>((start) => this.waiters.push({ cost: reserved, start }))
    }
    try {
      return await task()
    } finally {
      this.inUse -= reserved
      this.startWaiters()
    }
  }

  private startWaiters(): void {
    while (this.waiters.length > 0 && this.inUse + this.waiters[0]!.cost <= this.budget) {
      const next = this.waiters.shift()!
      this.inUse += next.cost
      next.start()
    }
  }
}

let queue: DecodeQueue | undefined

/** The process's queue, sized from the settings (a test that changes them gets a new one). */
export function decodeQueue(): DecodeQueue {
  const { decodeMemoryMb, decodeQueue: maxWaiting } = settings().media
  if (!queue || queue.budget !== decodeMemoryMb * MiB || queue.maxWaiting !== maxWaiting)
    queue = new DecodeQueue(decodeMemoryMb * MiB, maxWaiting)
  return queue
}
