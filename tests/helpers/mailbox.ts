// A real SMTP server on loopback for tests: the app sends through @payloadcms/email-nodemailer
// exactly as in production, and tests read what arrived (quoted-printable and base64 decoded,
// so links can be followed). Point the app at it BEFORE the first startTestApp of a file
// (the mail adapter is built when payload.config loads):
//   const mailbox = await startMailbox(); Object.assign(process.env, mailbox.env)
import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

export interface Mail {
  from: string
  /** Envelope recipients, lower-cased. */
  to: string[]
  subject: string
  /** The text/plain part, decoded. */
  text: string
  /** The text/html part, decoded ('' when absent). */
  html: string
  /** Every leaf part, decoded, with its content type (its parameters included, e.g. `method=REQUEST`). */
  parts: Array<{ type: string; contentType: string; text: string }>
  raw: string
  /** The message's own headers, names lower-cased, continuation lines unfolded. */
  headers: Map<string, string>
  receivedAt: number
}

export interface Mailbox {
  port: number
  /** SMTP_* variables that send the app's mail here. */
  env: Record<string, string>
  messages: Mail[]
  /** Resolves with the first message (already received or still to come) matching `predicate`. */
  waitFor: (predicate: (mail: Mail) => boolean, timeoutMs?: number) => Promise<Mail>
  /** Messages addressed to `email`. */
  to: (email: string) => Mail[]
  stop: () => Promise<void>
}

function decodeQuotedPrintable(input: string): string {
  const softBreaksGone = input.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < softBreaksGone.length; i++) {
    const char = softBreaksGone[i]!
    const hex = softBreaksGone.slice(i + 1, i + 3)
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      for (const byte of Buffer.from(char, 'utf8')) bytes.push(byte)
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeWords(value: string): string {
  // RFC 2047 encoded words (=?utf-8?Q?…?= / =?utf-8?B?…?=) in headers such as Subject; the space
  // between two adjacent encoded words is not part of the text.
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

interface Part {
  headers: Map<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const index = raw.search(/\r?\n\r?\n/)
  const head = index === -1 ? raw : raw.slice(0, index)
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return part.body
}

/** Leaf parts of a (possibly nested) MIME message, decoded, by content type. */
function leaves(part: Part): Array<{ type: string; contentType: string; text: string }> {
  const contentType = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (!/^multipart\//i.test(contentType) || !boundary) {
    return [{ type: contentType.split(';')[0]!.trim().toLowerCase(), contentType, text: decodeBody(part) }]
  }
  const sections = part.body.split(`--${boundary}`).slice(1)
  const result: Array<{ type: string; contentType: string; text: string }> = []
  for (const section of sections) {
    if (section.startsWith('--')) break
    result.push(...leaves(splitPart(section.replace(/^\r?\n/, ''))))
  }
  return result
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): Mail {
  const message = splitPart(raw)
  const parts = leaves(message)
  return {
    from: envelope.from,
    to: envelope.to.map((address) => address.toLowerCase()),
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: parts.find((part) => part.type === 'text/plain')?.text ?? '',
    html: parts.find((part) => part.type === 'text/html')?.text ?? '',
    parts,
    raw,
    headers: message.headers,
    receivedAt: Date.now(),
  }
}

/** The first http(s) URL in a mail's text. */
export function linkIn(mail: Mail): URL {
  const match = /https?:\/\/[^\s<>"]+/.exec(mail.text)
  if (!match) throw new Error(`no link in mail "${mail.subject}":\n${mail.text}`)
  return new URL(match[0])
}

/** `port`: listen on this one (a mailbox back where the app's SMTP_PORT points); else any free port. */
export async function startMailbox(options: { port?: number } = {}): Promise<Mailbox> {
  const messages: Mail[] = []
  const waiters = new Set<{ predicate: (mail: Mail) => boolean; resolve: (mail: Mail) => void }>()

  const server = new SMTPServer({
    // nodemailer upgrades to TLS when offered; a test server has no certificate worth trusting.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        })
        messages.push(mail)
        for (const waiter of [...waiters]) {
          if (waiter.predicate(mail)) {
            waiters.delete(waiter)
            waiter.resolve(mail)
          }
        }
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port

  return {
    port,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' },
    messages,
    to: (email) => messages.filter((mail) => mail.to.includes(email.toLowerCase())),
    waitFor: (predicate, timeoutMs = 5_000) => {
      const already = messages.find(predicate)
      if (already) return Promise.resolve(already)
      return new Promise<Mail>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: Mail) => {
            clearTimeout(timer)
            resolve(mail)
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'}`,
            ),
          )
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
