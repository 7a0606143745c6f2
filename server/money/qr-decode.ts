/**
 * The text of the QR code in a picture: what an operator who has only the picture of the
 * bank's static QR sticker gives `payment-method qr <CODE> --picture <file>`. The picture
 * (operator-pictures.ts) is decoded by sharp to RGBA pixels, upright, at most 1600 px on its
 * longer side (a phone's photo of a sticker shrinks; the QR's modules stay several pixels
 * wide), on white where it is clear; jsQR finds and reads the code, dark on light or light on
 * dark. jsQR loads with the first picture, not at start.
 */
import { lazyModule } from '../lazy-module'
import { decodePicture } from './operator-pictures'

const jsqrLib = lazyModule('jsqr', async () => (await import('jsqr')).default)

/** The longest side the pixels are searched at. */
const maxSide = 1600

/** The text of the QR code in the RGBA pixels (width × height × 4 bytes), or null when none is found. */
export async function decodeQr(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
): Promise<string | null> {
  const jsQR = await jsqrLib()
  const code = jsQR(rgba, width, height, { inversionAttempts: 'attemptBoth' })
  return code ? code.data : null
}

/**
 * The text of the QR code in the picture's bytes; null when the picture holds none that can
 * be read. A PictureError when the bytes are not a png, jpeg or webp picture of at most 2 MB.
 */
export async function qrTextOfPicture(bytes: Buffer): Promise<string | null> {
  const { data, info } = await decodePicture(bytes, (image) =>
    image
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  )
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length)
  return decodeQr(rgba, info.width, info.height)
}
