/**
 * An uploaded picture as the server keeps it (a deposit's receipt, a withdrawal's proof, a
 * promotion application's and a feedback's images): png or jpg by its first bytes, at most 5 MB,
 * then decoded and encoded again by sharp, so what is stored and served is pixels the server
 * wrote itself. A file that only starts like a PNG (a PNG header followed by HTML, a script
 * named .png) does not decode and is refused; whatever else an upload carried (metadata,
 * trailing bytes, a second document) is left behind. The picture is turned upright by its
 * EXIF orientation and kept at most 2048 px on its longer side.
 */
import { createHash } from 'node:crypto'
import type { ImageUpload } from '#contract/funds'
import { AppError } from '../http/errors'
import { lazyModule } from '../lazy-module'
import { limiter } from '../limiter'
import { imageOrThrow } from './common'

/** sharp, loaded on first use (its operation cache off: each picture is decoded once). */
export const sharpLib = lazyModule('sharp', async () => {
  const { default: sharp } = await import('sharp')
  sharp.cache(false)
  return sharp
})

/** Two decodes at a time: they share libuv's thread pool with password hashing. */
const decoding = limiter(2)

/** The longest side kept: a phone's screenshot stays sharp, a 50-megapixel photo shrinks. */
const maxSide = 2048
/** A bomb (a small file that decodes to a vast picture) is refused before it is decoded. */
const maxInputPixels = 50_000_000

export interface CleanImage {
  contentType: ImageUpload['contentType']
  data: Buffer
  width: number
  height: number
  size: number
  sha256: string
}

function invalid(): AppError {
  return new AppError('image_invalid', 'the image must be a png or jpg file of at most 5 MB', {
    maxBytes: 5 * 1024 * 1024,
  })
}

/** The image re-encoded (see the module comment), or image_invalid. */
export async function cleanImage(upload: ImageUpload): Promise<CleanImage> {
  const bytes = imageOrThrow(upload)
  const sharp = await sharpLib()
  try {
    const { data, info } = await decoding(() => {
      const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: maxInputPixels })
        .rotate()
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      return (
        upload.contentType === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true })
      ).toBuffer({ resolveWithObject: true })
    })
    const format = info.format === 'png' ? 'image/png' : info.format === 'jpeg' ? 'image/jpeg' : null
    if (format !== upload.contentType) throw invalid()
    return {
      contentType: format,
      data,
      width: info.width,
      height: info.height,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    // libvips could not read it: not a picture, whatever its first bytes said.
    throw invalid()
  }
}
