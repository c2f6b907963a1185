// What other modules need to know of the two media collections, apart from their configs:
// importing these must not build a collection (each index.ts reads the media folder when it
// loads, and the OpenAPI document, loaded early, only needs the names).
export const MEDIA_COLLECTION = 'service-media'
export const MEDIA_TYPES = ['image', 'video', 'audio'] as const

export const COMMUNITY_MEDIA_COLLECTION = 'community-media'
/** Its folder inside the media folder (src/lib/media/folders.ts), when files are not in S3. */
export const COMMUNITY_MEDIA_FOLDER = 'community'
