// Where media files live: the local media/ folder by default, an S3 bucket when S3_BUCKET is
// set (S3_ENDPOINT and S3_FORCE_PATH_STYLE for S3-compatible servers). Files are still
// served through Payload (/api/service-media/file/<name>), so read access and our security
// headers apply to both; the bucket can stay private.
import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import { settings } from '../settings'

export function mediaStorage(): Plugin[] {
  const { s3 } = settings()
  if (!s3.bucket) return []
  return [
    s3Storage({
      bucket: s3.bucket,
      collections: { 'service-media': true },
      config: {
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
      },
    }),
  ]
}
