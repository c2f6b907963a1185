// What other modules need to know of the media collection, apart from its config: importing
// these must not build the collection (index.ts reads MEDIA_DIR when it loads, and the OpenAPI
// document, loaded early, only needs the names).
export const MEDIA_COLLECTION = 'service-media'
export const MEDIA_TYPES = ['image', 'video', 'audio'] as const
