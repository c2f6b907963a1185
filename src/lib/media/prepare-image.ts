// Turns uploaded bytes into the file we store, or refuses them. The type comes from the bytes
// (file-type's magic numbers; SVG by parsing), never from the client's name or Content-Type.
// Raster images are decoded by sharp under a pixel limit and re-encoded in their own format:
// orientation applied, EXIF/GPS/XMP/IPTC dropped (sharp writes no metadata unless asked),
// and anything appended after the image data (polyglot files) gone with it. The decode waits
// its turn in the process's decode queue, sized by its pixels (decode-queue.ts).
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Sharp } from 'sharp'

import { decodeCost, decodeQueue } from './decode-queue'
import { tooManyPixels, unsupportedMedia } from './errors'
import { MAX_PIXELS } from './limits'
import { sanitizeSvg, svgHasSize } from './sanitize-svg'

export const RASTER_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
} as const
export const SVG_TYPE = 'image/svg+xml'
export const ACCEPTED_MIME_TYPES = [...Object.keys(RASTER_TYPES), SVG_TYPE]

type RasterType = keyof typeof RASTER_TYPES

export interface PreparedImage {
  data: Buffer
  mimeType: string
  ext: string
  width: number
  height: number
}

const isRaster = (mime: string): mime is RasterType => mime in RASTER_TYPES

function encode(image: Sharp, mime: RasterType): Sharp {
  switch (mime) {
    case 'image/jpeg':
      // No Huffman optimisation: it makes libjpeg hold every DCT coefficient of the picture
      // until the end (≈ 300 MiB for 48 MP, against ≈ 30 MiB streamed) and takes 6 × the time,
      // for a file ≈ 5 % smaller (docs/decisions.md).
      return image.jpeg({ quality: 90, optimiseCoding: false })
    case 'image/png':
      return image.png()
    case 'image/webp':
      return image.webp({ quality: 90 })
    case 'image/avif':
      // effort 2 of 9: AVIF encoding is slow, and this runs on every upload.
      return image.avif({ quality: 60, effort: 2 })
    case 'image/gif':
      return image.gif()
  }
}

async function prepareRaster(bytes: Buffer, mime: RasterType): Promise<PreparedImage> {
  // GIF and WebP may be animated: keep every frame (their height adds up in the pixel count).
  const animated = mime === 'image/gif' || mime === 'image/webp'
  let metadata: sharp.Metadata
  try {
    metadata = await sharp(bytes, { animated, limitInputPixels: false }).metadata()
  } catch {
    throw unsupportedMedia(`The file is not a readable ${RASTER_TYPES[mime].toUpperCase()} image`)
  }
  const width = metadata.width ?? 0
  const height = metadata.height ?? 0
  if (width * height > MAX_PIXELS) throw tooManyPixels(width, metadata.pageHeight ?? height)

  const rotated = (metadata.orientation ?? 1) > 1
  return decodeQueue().run(decodeCost(mime, width * height, rotated), async () => {
    let image = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' })
    if (rotated) image = image.rotate()
    try {
      const { data, info } = await encode(image, mime).toBuffer({ resolveWithObject: true })
      return {
        data,
        mimeType: mime,
        ext: RASTER_TYPES[mime],
        width: info.width,
        height: info.pageHeight ?? info.height,
      }
    } catch {
      throw unsupportedMedia(
        `The ${RASTER_TYPES[mime].toUpperCase()} image could not be decoded (damaged or truncated)`,
      )
    }
  })
}

async function prepareSvg(bytes: Buffer): Promise<PreparedImage | null> {
  const clean = await sanitizeSvg(bytes)
  if (!clean) return null
  if (!svgHasSize(clean))
    throw unsupportedMedia('The SVG gives no size: its <svg> needs width and height, or a viewBox')
  try {
    // librsvg parses the cleaned document: it must still be a drawable SVG.
    const metadata = await sharp(clean, { limitInputPixels: MAX_PIXELS }).metadata()
    return { data: clean, mimeType: SVG_TYPE, ext: 'svg', width: metadata.width ?? 0, height: metadata.height ?? 0 }
  } catch {
    return null
  }
}

export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  const detected = await fileTypeFromBuffer(bytes)
  if (detected && isRaster(detected.mime)) return prepareRaster(bytes, detected.mime)
  if (!detected || detected.mime === 'application/xml') {
    const svg = await prepareSvg(bytes)
    if (svg) return svg
  }
  throw unsupportedMedia()
}
