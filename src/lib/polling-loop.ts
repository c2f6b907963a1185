// The one shape of every background worker that polls the database (the mail queue, booking
// reminders, webhook deliveries): one round at a time per process, run by a timer and on
// demand (`wake`, e.g. after a commit that queued work); a wake during a round runs one more
// round right after it, so nothing queued meanwhile waits for the next tick. A failed round
// is reported once per outage (the timer keeps trying) and its end once; `stop` waits for the
// round in progress, so no claimed work is left half-done by a clean shutdown.

export interface PollingLoop {
  wake: () => void
  stop: () => Promise<void>
}

export interface PollingLoopOptions {
  intervalMs: number
  /** One round; `stopping()` turns true once `stop` is called, for rounds that repeat while full. */
  round: (stopping: () => boolean) => Promise<void>
  /** The first failure of an outage. */
  onOutage: (err: unknown) => void
  /** The first round that succeeds after an outage. */
  onRecovery?: () => void
}

/** Starts the loop and runs a first round at once. */
export function startPollingLoop(options: PollingLoopOptions): PollingLoop {
  let stopped = false
  let again = false
  let failing = false
  let running: Promise<void> | null = null
  const stopping = () => stopped

  const drain = async () => {
    do {
      again = false
      try {
        await options.round(stopping)
        if (failing) options.onRecovery?.()
        failing = false
      } catch (err) {
        if (!failing) options.onOutage(err)
        failing = true
      }
    } while (again && !stopped)
  }

  const wake = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = drain().finally(() => {
      running = null
    })
  }

  const timer = setInterval(wake, options.intervalMs)
  // The server's shutdown stops the loop; a forgotten loop must not keep a process alive.
  timer.unref()
  wake()
  return {
    wake,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
