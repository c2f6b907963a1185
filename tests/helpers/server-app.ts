// A TestApp whose HTTP calls go to a server in another process (src/server.ts started by
// processes.ts or bench) while its Local API and raw SQL use an in-process Payload on the same
// database: so the usual fixtures (users, catalogue, bookings) and the invariants work
// unchanged against a real server process (soak, fault and two-instance tests).
import type { TestApp } from './test-app'

export function viaServer(local: TestApp, url: string): TestApp {
  return { ...local, url, request: (path, init) => fetch(`${url}${path}`, init) }
}
