// What other modules need of the community media collection without building it (index.ts
// reads the media folder when it loads; galleries and the OpenAPI document need the names).
export const COMMUNITY_MEDIA_COLLECTION = 'community-media'
/** Its folder inside the media folder (src/lib/media/folders.ts), when files are not in S3. */
export const COMMUNITY_MEDIA_FOLDER = 'community'
