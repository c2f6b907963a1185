// The fixture half of `bench/media.ts`: starts the bench harness (the server in a process of
// its own, so its memory is measured alone) and makes an admin session for the uploads.
// Prints one JSON line {url, token, pid} and runs until SIGTERM. `pid` is the server's
// process, the one that decodes the uploads, not this one (which only holds the fixtures).
import { startBenchApp } from './harness'

const app = await startBenchApp()
const email = `media-bench-${Date.now()}@example.test`
const password = 'Bench-Passw0rd!'
await app.payload.create({
  collection: 'users',
  overrideAccess: true,
  data: { email, password, roles: ['admin'], emailVerified: true } as never,
})
const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
})
const { token } = (await response.json()) as { token: string }
console.log(JSON.stringify({ url: app.url, token, pid: app.server.pid }))

process.on('SIGTERM', () => {
  void app.stop().then(() => process.exit(0))
})
