// Why an upload is refused. A MediaRefusal is a Payload APIError, so the stock route and the
// admin panel answer it with its status and message; our endpoint answers with its code in
// the general error body (docs/api.md "Media: /api/admin/services/media").
import { APIError } from 'payload'

import { ERROR_CODES, type ErrorCode } from '../../../domain/error-codes'
import { apiError } from '../http/errors'
import { MAX_PIXELS, MAX_UPLOAD_BYTES } from './limits'

export type MediaRefusalCode = Extract<ErrorCode, 'payload_too_large' | 'unsupported_media_type'>

export class MediaRefusal extends APIError {
  readonly code: MediaRefusalCode

  constructor(code: MediaRefusalCode, message: string) {
    // The code rides in `data` too, where the community collections' error hook reads it.
    super(message, ERROR_CODES[code].status, { code }, true)
    this.code = code
  }
}

export const ACCEPTED_TYPES_TEXT = 'JPEG, PNG, WebP, AVIF, GIF or SVG'

export const unsupportedMedia = (message = `Only ${ACCEPTED_TYPES_TEXT} images are accepted`) =>
  new MediaRefusal('unsupported_media_type', message)

export const fileTooLarge = () =>
  new MediaRefusal('payload_too_large', `The file is larger than ${MAX_UPLOAD_BYTES} bytes (10 MiB)`)

export const tooManyPixels = (width: number, height: number) =>
  new MediaRefusal(
    'payload_too_large',
    `The image is ${width} × ${height} pixels; at most ${MAX_PIXELS.toLocaleString('en')} pixels are accepted`,
  )

/**
 * Too many images are being decoded and waiting: the upload is refused before its decode
 * (nothing stored). A 503 like the other "try again shortly" answers
 * (src/lib/http/unavailable.ts turns it into `media_busy` with Retry-After on every route).
 */
export class MediaBusy extends APIError {
  constructor() {
    super(ERROR_CODES.media_busy.message, ERROR_CODES.media_busy.status, { code: 'media_busy' }, true)
    this.name = 'MediaBusy'
  }
}

export const mediaBusy = () => new MediaBusy()

/** The same refusal in our general error body. */
export const refusalAsApiError = (refusal: MediaRefusal) => apiError(refusal.code, refusal.message)
