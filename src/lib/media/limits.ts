// Upload limits (docs/api.md "Rate limits"; docs/decisions.md): 10 MB is 10 MiB of file, and a decoded
// image may not exceed MAX_PIXELS, whatever its file size (a decompression bomb is a few
// kilobytes that declare billions of pixels).
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** ≈ 50 megapixels (8,660 × 5,773 and the like): every camera photo that fits in 10 MiB. */
export const MAX_PIXELS = 50_000_000

/** Longest side of the sharp-made thumbnail. */
export const THUMBNAIL_SIZE = 400
