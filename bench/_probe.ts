// temporary probe (not committed)
import { startBenchApp } from './harness'
import { measure } from './autocannon'
const PASSWORD = 'Bench-Passw0rd!'
async function main() {
  const app = await startBenchApp()
  const email = `probe-${Date.now()}@example.test`
  await app.payload.create({ collection: 'users', overrideAccess: true, data: { email, password: PASSWORD, roles: ['admin'], emailVerified: true } as never })
  const r = await fetch(`${app.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })
  const { token } = (await r.json()) as { token: string }
  const cookie = r.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ')
  const secs = Number(process.env.S ?? 8)
  const c = Number(process.env.C ?? 10)
  for (const [name, path, headers] of [
    ['health', '/api/health', {}],
    ['cookie', '/api/auth/get-session', { cookie }],
    ['bearer', '/api/auth/get-session', { authorization: `Bearer ${token}` }],
    ['anon get-session', '/api/auth/get-session', {}],
  ] as Array<[string, string, Record<string, string>]>) {
    if (process.env.ONLY && !process.env.ONLY.split(',').includes(name)) continue
    const m = await measure(`${app.url}${path}`, { connections: c, seconds: secs, headers })
    console.log(name, Math.round(m.rps), 'p50', m.p50, 'non2xx', m.non2xx)
  }
  await app.stop()
  process.exit(0)
}
main()
