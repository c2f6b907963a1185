// The files of one upload collection where they are kept: its folder (`upload.staticDir`) or,
// for the collections in S3_COLLECTIONS when S3_BUCKET is set, the bucket (object key = file
// name, as @payloadcms/storage-s3 writes them here). Only what cleaning up needs: list what
// is there with its age, and remove names. Used by the rollback clean-up and the start sweep
// (orphan-files.ts).
import fs from 'node:fs/promises'
import path from 'node:path'

import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import type { Payload } from 'payload'

import { settings } from '../settings'
import { S3_COLLECTIONS, s3ClientConfig } from './storage'

export interface StoredFile {
  name: string
  modified: Date
}

export interface FileStore {
  /** Where, for log lines. */
  readonly where: string
  list: () => AsyncIterable<StoredFile>
  /** Removes the names; one that is not there is no error. */
  remove: (names: readonly string[]) => Promise<void>
}

function folderStore(dir: string): FileStore {
  // Only plain names inside the folder: a name is never a path.
  const inside = (name: string) =>
    name && name === path.basename(name) && !name.startsWith('.') ? path.join(dir, name) : undefined
  return {
    where: dir,
    async *list() {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw error
      })
      for (const entry of entries) {
        const file = entry.isFile() ? inside(entry.name) : undefined
        if (!file) continue
        const stats = await fs.stat(file).catch(() => undefined)
        if (stats) yield { name: entry.name, modified: stats.mtime }
      }
    },
    async remove(names) {
      await Promise.all(
        names.map((name) => inside(name)).map((file) => (file ? fs.rm(file, { force: true }) : undefined)),
      )
    },
  }
}

let client: { key: string; s3: S3Client } | undefined

function bucketStore(bucket: string): FileStore {
  const config = s3ClientConfig()
  const key = JSON.stringify({ ...config, bucket })
  if (client?.key !== key) client = { key, s3: new S3Client(config) }
  const { s3 } = client
  return {
    where: `s3://${bucket}`,
    async *list() {
      let token: string | undefined
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
        for (const object of page.Contents ?? [])
          if (object.Key && object.LastModified) yield { name: object.Key, modified: object.LastModified }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },
    async remove(names) {
      await Promise.all(names.map((name) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }))))
    },
  }
}

/** The store of upload collection `slug`. */
export function fileStoreOf(payload: Payload, slug: string): FileStore {
  const { bucket } = settings().s3
  if (bucket && (S3_COLLECTIONS as readonly string[]).includes(slug)) return bucketStore(bucket)
  const upload = payload.config.collections.find((collection) => collection.slug === slug)?.upload
  if (!upload?.staticDir) throw new Error(`${slug} is not an upload collection with a folder`)
  return folderStore(upload.staticDir)
}
