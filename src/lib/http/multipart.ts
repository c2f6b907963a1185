// multipart/form-data bodies (media upload), parsed by busboy while they stream in. A file
// is kept in memory only up to its limit: past it, the rest of the body is read and thrown
// away and the request is answered 413, so the client always gets its answer instead of a
// reset connection, and nothing oversized is ever held. A body busboy cannot parse (no
// boundary, cut short, malformed headers) is 400 invalid_body, likewise after draining.
import busboy from 'busboy'
import type { PayloadRequest } from 'payload'

import { invalidBody } from './body'
import { ApiError, invalidRequest } from './errors'

export interface UploadedFile {
  field: string
  name: string
  mimeType: string
  data: Buffer
  size: number
}

export interface MultipartBody {
  fields: Record<string, string>
  files: UploadedFile[]
}

export interface MultipartLimits {
  fileSize: number
  /** Refused with this error when a file goes past `fileSize`. */
  fileTooLarge: () => ApiError
  files: number
  fields: number
  fieldSize: number
}

export const isMultipart = (req: PayloadRequest) =>
  /^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '')

function parserFor(req: PayloadRequest, limits: MultipartLimits) {
  try {
    return busboy({
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
      defParamCharset: 'utf8',
      // busboy reports its limit when a file *reaches* fileSize: one more byte lets a file of
      // exactly `limits.fileSize` through and stops the first byte beyond it.
      limits: {
        fileSize: limits.fileSize + 1,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldSize,
        parts: limits.files + limits.fields,
      },
    })
  } catch {
    throw invalidBody('The multipart body has no boundary (content-type: multipart/form-data; boundary=…)')
  }
}

export async function readMultipart(req: PayloadRequest, limits: MultipartLimits): Promise<MultipartBody> {
  const parser = parserFor(req, limits)
  const body: MultipartBody = { fields: {}, files: [] }
  // The first reason to refuse wins; parsing stops mattering once there is one.
  let refusal: ApiError | undefined
  let broken = false
  const refuse = (error: ApiError) => (refusal ??= error)

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated)
      refuse(invalidRequest(`Form field "${name}" is longer than ${limits.fieldSize} bytes`))
    else body.fields[name] = value
  })
  parser.on('file', (field, stream, info) => {
    const chunks: Buffer[] = []
    let size = 0
    stream.on('data', (chunk: Buffer) => {
      if (refusal) return
      chunks.push(chunk)
      size += chunk.length
    })
    // A body cut short inside the file fails the file stream too; the parser's error decides.
    stream.on('error', () => {
      broken = true
    })
    stream.on('limit', () => {
      refuse(limits.fileTooLarge())
      chunks.length = 0
    })
    stream.on('end', () => {
      if (!refusal)
        body.files.push({
          field,
          name: info.filename ?? '',
          mimeType: info.mimeType,
          data: Buffer.concat(chunks, size),
          size,
        })
    })
  })
  const tooMany = () => refuse(invalidRequest(`At most ${limits.files} file(s) and ${limits.fields} fields`))
  parser.on('filesLimit', tooMany)
  parser.on('fieldsLimit', tooMany)
  parser.on('partsLimit', tooMany)
  parser.on('error', () => {
    broken = true
  })
  const closed = new Promise<void>((resolve) => parser.on('close', resolve))

  const reader = req.body?.getReader()
  if (!reader) throw invalidBody('The request has no body')
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    // After a parse error the rest is drained unparsed, so the answer still reaches the client.
    if (broken) continue
    if (!parser.write(value)) {
      await new Promise<void>((resolve) => {
        parser.once('drain', resolve)
        parser.once('close', resolve)
      })
    }
  }
  if (!broken) parser.end()
  await closed
  if (broken && !refusal) throw invalidBody('The multipart body is malformed or cut short')
  if (refusal) throw refusal
  return body
}
