// The server half of `bench/media.ts`: the app from the bench harness in its own process
// (so its memory is measured alone), with an admin session for the uploads. Prints one JSON
// line {url, token, pid} and runs until SIGTERM.
import { startBenchApp } from './harness'

const app = await startBenchApp()
const email = `media-bench-${Date.now()}@example.test`
const password = 'Bench-Passw0rd!'
await app.payload.create({ collection: 'users', overrideAccess: true, data: { email, password, roles: ['admin'], emailVerified: true } as never })
const response = await fetch(`${app.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
const { token } = (await response.json()) as { token: string }
console.log(JSON.stringify({ url: app.url, token, pid: process.pid }))

process.on('SIGTERM', () => {
  void app.stop().then(() => process.exit(0))
})
