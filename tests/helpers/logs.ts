import type { Payload } from 'payload'

/** Everything Payload's logger says from now on, as JSON lines, to prove no secret ends up there. */
export function captureLogs(payload: Payload): string[] {
  const logged: string[] = []
  for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
    const original = payload.logger[level].bind(payload.logger)
    payload.logger[level] = ((...args: unknown[]) => {
      logged.push(
        JSON.stringify(args, (_key, value) =>
          value instanceof Error ? { message: value.message, stack: value.stack } : value,
        ),
      )
      return (original as (...a: unknown[]) => void)(...args)
    }) as never
  }
  return logged
}
