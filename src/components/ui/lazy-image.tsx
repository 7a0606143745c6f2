/**
 * An image the browser loads as it nears the viewport (native `loading="lazy"`), with its
 * box reserved so the page does not jump. `eager` for the ones the first screen shows: they
 * load at once, as the server's first screen asks for them (server/http/first-screen.ts), so
 * the app drawing over that screen asks for the same files in the same way. Those are decoded
 * with the frame that shows them (`decoding="sync"`): taking over the server's screen, the
 * app's copy of a tile then never shows for a frame without its picture, and the tiles paint
 * in the order they arrive, the first (fetched first) before the rest.
 */
export interface LazyImageProps {
  src: string
  alt: string
  width: number
  height: number
  className?: string
  eager?: boolean
}

export function LazyImage({ src, alt, width, height, className, eager = false }: LazyImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
    />
  )
}
