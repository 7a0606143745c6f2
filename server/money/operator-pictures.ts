/**
 * Pictures an operator gives a command as a file on this host (a bank's logo, the picture of
 * a bank's QR sticker): png, jpeg or webp by its first bytes and by what libvips decodes it
 * as, at most 2 MB, never an svg (a script could ride in it). A file that only starts like a
 * picture (a PNG's signature, then a web page) does not decode and is refused; so is a bomb
 * (a small file that decodes to a vast picture), before it is decoded. The caller gets the
 * decoder and takes the pixels it needs; nothing of the file is kept as it came.
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Sharp } from 'sharp'
import { limiter } from '../limiter'
import { sharpLib } from './clean-image'

/** The largest picture taken: a logo or a sticker's photo needs far less, and a bigger file is a mistake. */
export const maxPictureBytes = 2 * 1024 * 1024
const maxInputPixels = 25_000_000

/** Why a picture is refused, in words for the operator. */
export class PictureError extends Error {}

/** Two decodes at a time: they share libuv's thread pool with password hashing. */
const decoding = limiter(2)

type Format = 'png' | 'jpeg' | 'webp'
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** What the first bytes say the file is: png, jpeg or webp, else null. */
function formatByBytes(bytes: Buffer): Format | null {
  if (bytes.subarray(0, 8).equals(pngSignature)) return 'png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  const riff = bytes.subarray(0, 4).toString('latin1') === 'RIFF'
  if (riff && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp'
  return null
}

function tooBig(size: number): PictureError {
  return new PictureError(
    `the file is ${(size / 1024 / 1024).toFixed(1)} MB; a picture is at most ${maxPictureBytes / 1024 / 1024} MB`,
  )
}

/**
 * A picture file on this host (a relative path is from the server's folder), read whole
 * once it is known to be a file of at most 2 MB; a PictureError otherwise.
 */
export async function readPictureFile(file: string): Promise<Buffer> {
  const full = path.resolve(file)
  const info = await stat(full).catch(() => undefined)
  if (!info) throw new PictureError(`no file ${full}`)
  if (!info.isFile()) throw new PictureError(`${full} is not a file`)
  if (info.size > maxPictureBytes) throw tooBig(info.size)
  const bytes = await readFile(full).catch(() => {
    throw new PictureError(`${full} could not be read`)
  })
  if (bytes.length > maxPictureBytes) throw tooBig(bytes.length)
  return bytes
}

/**
 * Runs `take` on the picture's decoder once the bytes are known to be a png, jpeg or webp
 * picture (see the module comment); a PictureError when they are not, or do not decode.
 */
export async function decodePicture<T>(bytes: Buffer, take: (image: Sharp) => Promise<T>): Promise<T> {
  if (bytes.length === 0) throw new PictureError('the file is empty')
  if (bytes.length > maxPictureBytes) throw tooBig(bytes.length)
  const format = formatByBytes(bytes)
  if (!format) throw new PictureError('the file is not a png, jpeg or webp picture (an svg is not taken)')
  const sharp = await sharpLib()
  try {
    return await decoding(async () => {
      const image = sharp(bytes, { failOn: 'error', limitInputPixels: maxInputPixels })
      const meta = await image.metadata()
      if (meta.format !== format) throw new PictureError(`the file starts like a ${format} but is not one`)
      return take(image.rotate())
    })
  } catch (err) {
    if (err instanceof PictureError) throw err
    // libvips could not read it: not a picture, whatever its first bytes said.
    throw new PictureError(`the file does not decode as a ${format} picture`)
  }
}
