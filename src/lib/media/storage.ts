// Where media files live: the local media/ folder by default, an S3 bucket when S3_BUCKET is
// set (S3_ENDPOINT and S3_FORCE_PATH_STYLE for S3-compatible servers). Files are still
// served through Payload (/api/<collection>/file/<name>), so read access and our security
// headers apply to both; the bucket can stay private.
import type { S3ClientConfig } from '@aws-sdk/client-s3'
import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import { settings } from '../settings'

/**
 * The upload collections whose files go to the bucket when S3_BUCKET is set. They share its
 * flat namespace (object key = file name, unique by its random suffix): the start sweep
 * treats the bucket as one store and keeps a file any of them names (orphan-files.ts).
 */
export const S3_COLLECTIONS = ['service-media', 'community-media'] as const

/**
 * The upload collections' slugs, as the generated types know them. Code for any upload
 * collection (a config's slug is a plain string) reads them by this type: the upload fields
 * (filename, sizes) are Payload's, the same in every one.
 */
export type UploadCollectionSlug = (typeof S3_COLLECTIONS)[number]

/** The S3 client's configuration, for the plugin and for our own cleaning (file-store.ts). */
export function s3ClientConfig(): S3ClientConfig {
  const { s3 } = settings()
  return {
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // S3-compatible servers (MinIO, R2, s3rver…) often reject the SDK's default CRC
    // checksum trailers (aws-chunked bodies): send checksums only where S3 requires them.
    ...(s3.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
  }
}

export function mediaStorage(): Plugin[] {
  const { s3 } = settings()
  return [
    s3Storage({
      // Switched off without a bucket, but its fields (`_objectKey`) stay in the schema, so one
      // set of migrations serves both storages.
      enabled: Boolean(s3.bucket),
      alwaysInsertFields: true,
      bucket: s3.bucket ?? '',
      collections: Object.fromEntries(S3_COLLECTIONS.map((slug) => [slug, true])),
      config: s3ClientConfig(),
    }),
  ]
}
