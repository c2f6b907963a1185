// A client that goes away mid-request, as a browser tab closed or a process killed does: a
// child process that opens many requests of several kinds (the whole headers, half of each
// body) and is then killed, so its kernel closes every socket under the server's feet. Also
// the server's side of those sockets, read from /proc/net/tcp{,6}: what the server still
// holds open on its port after its clients have gone (a CLOSE-WAIT socket is one whose
// client closed and whose request never finished).
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'

export interface VanishingRequest {
  method: string
  path: string
  headers: Record<string, string>
  /** Sent in two halves; only the first half ever leaves (a complete request when `whole`). */
  body: string
  whole?: boolean
  /** A whole request sent again (kept-alive connection) each time it is answered, until the kill. */
  again?: boolean
}

// The child: one connection per request, half of each body written, then "sent" and a wait
// for the SIGKILL. Plain JavaScript run by `node -e` (the requests come on stdin), so it needs nothing of the project.
const CHILD = `
const http = require('node:http')
let input = ''
process.stdin.on('data', (chunk) => (input += chunk))
process.stdin.on('end', () => {
const { url, requests } = JSON.parse(input)
const agent = new http.Agent({ keepAlive: true })
let open = requests.length
const fire = (r, first) => {
  const req = http.request(url + r.path, { method: r.method, agent: r.again ? agent : false, headers: { ...r.headers, 'content-length': Buffer.byteLength(r.body) } })
  req.on('error', () => {})
  // Whole requests marked "again" are sent anew as soon as answered, until the kill.
  req.on('response', (res) => { res.resume(); if (r.again) res.on('end', () => fire(r, false)) })
  const cut = r.whole ? r.body.length : Math.floor(r.body.length / 2)
  req.write(r.body.slice(0, cut), () => { if (first && --open === 0) console.log('sent') })
  if (r.whole) req.end()
}
for (const r of requests) fire(r, true)
})
setInterval(() => {}, 1000)
`

/** Runs the child until every request is on the wire, then kills it (SIGKILL: no goodbyes). */
export async function vanishAfterSending(url: string, requests: VanishingRequest[], settleMs = 500): Promise<void> {
  const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] })
  child.stdin!.end(JSON.stringify({ url, requests }))
  await new Promise<void>((resolve, reject) => {
    // A large body may stay partly in the child's buffers when the server reads no more of it.
    const timer = setTimeout(resolve, 3_000)
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('sent') && (clearTimeout(timer), resolve()))
    child.once('exit', (code) => reject(new Error(`the client exited (${code}) before sending`)))
  })
  // The server has read the headers and started each request (and the first half of its body).
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

const TCP_STATES: Record<string, string> = {
  '01': 'ESTABLISHED',
  '06': 'TIME_WAIT',
  '07': 'CLOSE',
  '08': 'CLOSE_WAIT',
  '09': 'LAST_ACK',
  '0A': 'LISTEN',
  '0B': 'CLOSING',
  '04': 'FIN_WAIT1',
  '05': 'FIN_WAIT2',
}

interface TcpRow {
  local: number
  remote: number
  state: string
}

async function tcpRows(): Promise<TcpRow[]> {
  const rows: TcpRow[] = []
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await fs.readFile(file, 'utf8').catch(() => '')
    for (const line of text.split('\n').slice(1)) {
      const [, local, remote, state] = line.trim().split(/\s+/)
      if (!local || !remote || !state) continue
      rows.push({
        local: parseInt(local.split(':')[1]!, 16),
        remote: parseInt(remote.split(':')[1]!, 16),
        state: TCP_STATES[state] ?? state,
      })
    }
  }
  return rows
}

/**
 * The sockets the server on `port` still holds open for a client that has gone: its side of
 * the connection is open (CLOSE_WAIT, ESTABLISHED) while the client's side is closed or gone.
 * Connections of live clients (the test's own kept-alive fetches) are not counted; nor those
 * the server has closed itself (TIME_WAIT, FIN_WAIT, LAST_ACK: the kernel finishing the close).
 */
export async function socketsOfGoneClients(port: number): Promise<string[]> {
  const rows = await tcpRows()
  const liveClient = new Set(
    rows.filter((row) => row.remote === port && row.state === 'ESTABLISHED').map((row) => row.local),
  )
  return rows
    .filter(
      (row) =>
        row.local === port &&
        (row.state === 'CLOSE_WAIT' || row.state === 'ESTABLISHED') &&
        !liveClient.has(row.remote),
    )
    .map((row) => `${row.state} (client port ${row.remote})`)
}
