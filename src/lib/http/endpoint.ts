// Every documented endpoint is a Payload endpoint (so Payload's auth strategies have already
// resolved `req.user`), wrapped here so that a thrown ApiError becomes the body of the
// route's error family and anything else becomes a logged 500 without detail.
import type { Endpoint, PayloadRequest } from 'payload'

import { familyOf } from './errors'
import { errorResponse, toApiError } from './respond'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type Handler = (req: PayloadRequest) => Promise<Response>

export function defineEndpoint(path: string, methods: Method | Method[], handler: Handler): Endpoint[] {
  const wrapped = async (req: PayloadRequest): Promise<Response> => {
    try {
      return await handler(req)
    } catch (error) {
      const apiError = toApiError(error, (err) => req.payload.logger.error({ err, msg: `unhandled error in ${path}` }))
      return errorResponse(apiError, familyOf(new URL(req.url ?? 'http://x/').pathname))
    }
  }
  return (Array.isArray(methods) ? methods : [methods]).map((method) => ({ path, method, handler: wrapped }))
}
