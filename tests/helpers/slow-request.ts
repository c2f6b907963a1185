// A request in flight on demand: a POST whose body arrives in two halves, on a connection of
// its own; the second half is sent when `release` is called. For the shutdown tests, which
// need requests the server has begun and not finished when the signal comes.
import http from 'node:http'

export interface Answer {
  status: number
  body: string
}

export function slowPost(
  url: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): { answer: Promise<Answer>; release: () => void } {
  const half = Math.floor(body.length / 2)
  const request = http.request(`${url}${path}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once('error', reject)
    request.once('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      response.once('error', reject)
    })
  })
  request.write(body.slice(0, half))
  return { answer, release: () => request.end(body.slice(half)) }
}
