import type { Payload } from 'payload'

/**
 * A timer every server process runs while Payload is up (reminder sweeps, the community jobs
 * queue). The use cases live above the library, so `payload.config.ts` lists them under
 * `custom.backgroundWorkers` and the lifecycle starts and stops whatever it finds there
 * (docs/decisions.md "Each floor imports only the floors below": nothing under src/lib imports the layers above it).
 */
export interface BackgroundWorker {
  start: (payload: Payload) => void
  /** Settles once the worker's work in flight is done: the pool closes right after. */
  stop: (payload: Payload) => Promise<void> | void
}

export const backgroundWorkersOf = (payload: Payload): BackgroundWorker[] =>
  (payload.config.custom as { backgroundWorkers?: BackgroundWorker[] } | undefined)?.backgroundWorkers ?? []
